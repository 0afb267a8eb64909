import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { type Ablage, checkedMandantId, checkedPfad } from './storage.ablage';
import type { Bucket } from './storage.content';

/** `STORAGE_URL` and the credentials beside it, as `config.ts` read them (docs/betrieb.md "File storage"). */
export type S3Einstellung = {
  /** The S3 bucket all files go to. */
  bucket: string;
  /** Key prefix inside the bucket (`''` or ending in `/`), so several installations can share one bucket. */
  prefix: string;
  /** The store's address for S3-compatible servers (MinIO, Ceph, Garage, …); undefined: AWS itself. */
  endpoint: string | undefined;
  region: string;
  /** Path-style addresses (`https://host/bucket/key`), which most S3-compatible servers need. */
  pathStyle: boolean;
  /** Undefined: the SDK's usual credential chain (environment, profile, instance role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
};

/** Part size of multipart uploads; a file below it is one PutObject. At most one part is held in memory. */
const PART_BYTES = 5 * 1024 * 1024;

const statusOf = (err: unknown): number | undefined =>
  err instanceof S3ServiceException ? err.$metadata.httpStatusCode : undefined;

/**
 * The S3-compatible object store (decision 242): key `{prefix}{bucket}/{mandantId}/{uuid}.{ext}`, the same
 * layout as the data folder. Uploads stream through `@aws-sdk/lib-storage` (multipart above 5 MB), reads answer
 * the object's body as a stream.
 */
export const s3Ablage = (einstellung: S3Einstellung): Ablage & { client: S3Client; destroy: () => void } => {
  const client = new S3Client({
    region: einstellung.region,
    endpoint: einstellung.endpoint,
    forcePathStyle: einstellung.pathStyle,
    credentials: einstellung.credentials,
    // S3-compatible servers do not all know the newer default checksums (CRC32 trailers); send them only where
    // the API requires one.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = einstellung.bucket;
  const key = (bucket: Bucket, pfad: string) => `${einstellung.prefix}${bucket}/${checkedPfad(pfad)}`;

  return {
    art: 's3',
    client,
    destroy: () => client.destroy(),
    write: async (bucket, pfad, body: Readable) => {
      const upload = new Upload({
        client,
        params: { Bucket, Key: key(bucket, pfad), Body: body },
        partSize: PART_BYTES,
        queueSize: 1,
        leavePartsOnError: false,
      });
      await upload.done();
    },
    read: async (bucket, pfad) => {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: key(bucket, pfad) }));
        return answer.Body as Readable | undefined;
      } catch (err) {
        if (statusOf(err) === 404) return undefined;
        throw err;
      }
    },
    size: async (bucket, pfad) => {
      try {
        const answer = await client.send(new HeadObjectCommand({ Bucket, Key: key(bucket, pfad) }));
        return answer.ContentLength ?? 0;
      } catch (err) {
        if (statusOf(err) === 404) return undefined;
        throw err;
      }
    },
    remove: async (bucket, pfad) => {
      await client.send(new DeleteObjectCommand({ Bucket, Key: key(bucket, pfad) }));
    },
    removeTenant: async (bucket, mandantId) => {
      const Prefix = `${einstellung.prefix}${bucket}/${checkedMandantId(mandantId)}/`;
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix, ContinuationToken }));
        const keys = (page.Contents ?? []).flatMap((o) => (o.Key ? [{ Key: o.Key }] : []));
        if (keys.length > 0) {
          const answer = await client.send(
            new DeleteObjectsCommand({ Bucket, Delete: { Objects: keys, Quiet: true } }),
          );
          const failed = answer.Errors ?? [];
          if (failed.length > 0)
            throw new Error(`storage: ${failed.length} objects under ${Prefix} could not be removed`);
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
  };
};

/**
 * `STORAGE_URL=s3://<bucket>[/<prefix>][?endpoint=<http(s) address>&region=<region>&path_style=true|false]`;
 * credentials from `STORAGE_ACCESS_KEY_ID` and `STORAGE_SECRET_ACCESS_KEY`, else the SDK's chain
 * (`AWS_ACCESS_KEY_ID`, …). Unset or empty: undefined (the data folder). Anything else stops the start.
 */
export const s3EinstellungOf = (env: NodeJS.ProcessEnv): S3Einstellung | undefined => {
  const value = env.STORAGE_URL?.trim();
  if (!value) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`STORAGE_URL must look like s3://bucket/prefix?endpoint=…, got '${value}'`);
  }
  if (url.protocol !== 's3:' || !url.hostname)
    throw new Error(`STORAGE_URL must look like s3://bucket/prefix?endpoint=…, got '${value}'`);
  const endpoint = url.searchParams.get('endpoint') || undefined;
  if (endpoint && !/^https?:\/\//.test(endpoint))
    throw new Error(`STORAGE_URL: endpoint must be an http(s) address, got '${endpoint}'`);
  const pathStyle = url.searchParams.get('path_style');
  if (pathStyle !== null && pathStyle !== 'true' && pathStyle !== 'false')
    throw new Error(`STORAGE_URL: path_style must be 'true' or 'false', got '${pathStyle}'`);
  const prefix = decodeURIComponent(url.pathname).replace(/^\/+|\/+$/g, '');
  const accessKeyId = env.STORAGE_ACCESS_KEY_ID?.trim();
  const secretAccessKey = env.STORAGE_SECRET_ACCESS_KEY?.trim();
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey))
    throw new Error('STORAGE_ACCESS_KEY_ID and STORAGE_SECRET_ACCESS_KEY are set together or not at all');
  return {
    bucket: url.hostname,
    prefix: prefix ? `${prefix}/` : '',
    endpoint,
    region: url.searchParams.get('region') || env.AWS_REGION || 'us-east-1',
    // an own endpoint is nearly always an S3-compatible server that wants path-style addresses
    pathStyle: pathStyle === null ? Boolean(endpoint) : pathStyle === 'true',
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
  };
};
