import { createHash, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small S3-compatible server for integration tests (decision 242): path-style addresses, in memory, speaking the
 * REST and XML of the real API as the AWS SDK for JavaScript v3 sends it: CreateBucket, PutObject (also with an
 * `aws-chunked` body), GetObject, HeadObject, DeleteObject, DeleteObjects, ListObjectsV2 and the multipart upload
 * (Create, UploadPart, Complete, Abort) that `@aws-sdk/lib-storage` uses above its part size. Requests must be
 * signed (AWS4-HMAC-SHA256) with the given access key; the signature itself is not recomputed.
 */
export type S3TestServer = {
  url: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** The stored objects of a bucket: key → bytes. */
  objects: (bucket: string) => Map<string, Buffer>;
  /** Every request answered, as `OPERATION key` (e.g. `PutObject belege/…`), in order. */
  log: string[];
  close: () => Promise<void>;
};

type Objekt = { data: Buffer; etag: string; type: string | undefined };

const xmlEscape = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const xmlUnescape = (s: string) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');

const readBody = async (request: IncomingMessage): Promise<Buffer> => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

/** `aws-chunked`: `<hex size>[;chunk-signature=…]\r\n<bytes>\r\n` … `0…\r\n[trailers]\r\n`. */
const decodeAwsChunked = (raw: Buffer): Buffer => {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const lineEnd = raw.indexOf('\r\n', at);
    if (lineEnd < 0) throw new Error('aws-chunked: no chunk header');
    const size = Number.parseInt(raw.subarray(at, lineEnd).toString('latin1').split(';')[0]!, 16);
    if (!Number.isFinite(size)) throw new Error('aws-chunked: bad chunk size');
    at = lineEnd + 2;
    if (size === 0) return Buffer.concat(parts);
    parts.push(raw.subarray(at, at + size));
    at += size + 2;
  }
};

const etagOf = (data: Buffer) => `"${createHash('md5').update(data).digest('hex')}"`;

export const startS3TestServer = async (): Promise<S3TestServer> => {
  const accessKeyId = 'stellwerk-test-key';
  const secretAccessKey = 'stellwerk-test-secret';
  const buckets = new Map<string, Map<string, Objekt>>();
  const uploads = new Map<string, { bucket: string; key: string; parts: Map<number, Buffer> }>();
  const log: string[] = [];

  const error = (response: ServerResponse, status: number, code: string, head = false) => {
    response.writeHead(status, { 'content-type': 'application/xml' });
    response.end(
      head
        ? undefined
        : `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${code}</Message></Error>`,
    );
  };
  const xml = (response: ServerResponse, body: string, status = 200) => {
    response.writeHead(status, { 'content-type': 'application/xml' });
    response.end(`<?xml version="1.0" encoding="UTF-8"?>${body}`);
  };

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const auth = request.headers.authorization ?? '';
    if (!auth.startsWith('AWS4-HMAC-SHA256 ') || !auth.includes(`Credential=${accessKeyId}/`)) {
      await readBody(request);
      return error(response, 403, 'AccessDenied', request.method === 'HEAD');
    }
    const url = new URL(request.url ?? '/', 'http://s3.test');
    const [, bucketName = '', ...rest] = url.pathname.split('/');
    const key = rest.map((p) => decodeURIComponent(p)).join('/');
    const q = url.searchParams;
    let raw = await readBody(request);
    const sha = String(request.headers['x-amz-content-sha256'] ?? '');
    if (
      sha.startsWith('STREAMING-') ||
      String(request.headers['content-encoding'] ?? '').includes('aws-chunked')
    )
      raw = decodeAwsChunked(raw);
    const method = request.method ?? 'GET';

    if (!key) {
      if (method === 'PUT') {
        buckets.set(bucketName, buckets.get(bucketName) ?? new Map());
        log.push(`CreateBucket ${bucketName}`);
        response.writeHead(200).end();
        return;
      }
      const bucket = buckets.get(bucketName);
      if (!bucket) return error(response, 404, 'NoSuchBucket', method === 'HEAD');
      if (method === 'GET' && q.get('list-type') === '2') {
        const prefix = q.get('prefix') ?? '';
        const max = Number(q.get('max-keys') ?? 1000);
        const after = q.get('continuation-token') ?? q.get('start-after') ?? '';
        const keys = [...bucket.keys()].filter((k) => k.startsWith(prefix) && k > after).sort();
        const page = keys.slice(0, max);
        const truncated = keys.length > page.length;
        log.push(`ListObjectsV2 ${prefix}`);
        return xml(
          response,
          `<ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Name>${bucketName}</Name><Prefix>${xmlEscape(prefix)}</Prefix><KeyCount>${page.length}</KeyCount><MaxKeys>${max}</MaxKeys><IsTruncated>${truncated}</IsTruncated>${truncated ? `<NextContinuationToken>${xmlEscape(page.at(-1)!)}</NextContinuationToken>` : ''}${page
            .map((k) => {
              const o = bucket.get(k)!;
              return `<Contents><Key>${xmlEscape(k)}</Key><Size>${o.data.length}</Size><ETag>${xmlEscape(o.etag)}</ETag><StorageClass>STANDARD</StorageClass></Contents>`;
            })
            .join('')}</ListBucketResult>`,
        );
      }
      if (method === 'POST' && q.has('delete')) {
        const body = raw.toString('utf8');
        const keys = [...body.matchAll(/<Key>([^<]*)<\/Key>/g)].map((m) => xmlUnescape(m[1]!));
        const quiet = /<Quiet>true<\/Quiet>/.test(body);
        for (const k of keys) bucket.delete(k);
        log.push(`DeleteObjects ${keys.length}`);
        return xml(
          response,
          `<DeleteResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">${quiet ? '' : keys.map((k) => `<Deleted><Key>${xmlEscape(k)}</Key></Deleted>`).join('')}</DeleteResult>`,
        );
      }
      return error(response, 501, 'NotImplemented');
    }

    const bucket = buckets.get(bucketName);
    if (!bucket) return error(response, 404, 'NoSuchBucket', method === 'HEAD');

    if (method === 'POST' && q.has('uploads')) {
      const uploadId = randomUUID();
      uploads.set(uploadId, { bucket: bucketName, key, parts: new Map() });
      log.push(`CreateMultipartUpload ${key}`);
      return xml(
        response,
        `<InitiateMultipartUploadResult><Bucket>${bucketName}</Bucket><Key>${xmlEscape(key)}</Key><UploadId>${uploadId}</UploadId></InitiateMultipartUploadResult>`,
      );
    }
    const uploadId = q.get('uploadId');
    if (uploadId) {
      const upload = uploads.get(uploadId);
      if (!upload || upload.key !== key || upload.bucket !== bucketName)
        return error(response, 404, 'NoSuchUpload');
      if (method === 'PUT') {
        const n = Number(q.get('partNumber'));
        upload.parts.set(n, raw);
        log.push(`UploadPart ${key} ${n} ${raw.length}`);
        response.writeHead(200, { etag: etagOf(raw) }).end();
        return;
      }
      if (method === 'POST') {
        const numbers = [...raw.toString('utf8').matchAll(/<PartNumber>(\d+)<\/PartNumber>/g)].map((m) =>
          Number(m[1]),
        );
        if (numbers.length === 0 || numbers.some((n) => !upload.parts.has(n)))
          return error(response, 400, 'InvalidPart');
        const data = Buffer.concat(numbers.map((n) => upload.parts.get(n)!));
        const etag = `"${createHash('md5').update(data).digest('hex')}-${numbers.length}"`;
        bucket.set(key, { data, etag, type: undefined });
        uploads.delete(uploadId);
        log.push(`CompleteMultipartUpload ${key}`);
        return xml(
          response,
          `<CompleteMultipartUploadResult><Location>/${bucketName}/${xmlEscape(key)}</Location><Bucket>${bucketName}</Bucket><Key>${xmlEscape(key)}</Key><ETag>${xmlEscape(etag)}</ETag></CompleteMultipartUploadResult>`,
        );
      }
      if (method === 'DELETE') {
        uploads.delete(uploadId);
        log.push(`AbortMultipartUpload ${key}`);
        response.writeHead(204).end();
        return;
      }
    }
    if (method === 'PUT') {
      const etag = etagOf(raw);
      bucket.set(key, { data: raw, etag, type: request.headers['content-type'] });
      log.push(`PutObject ${key}`);
      response.writeHead(200, { etag }).end();
      return;
    }
    if (method === 'GET' || method === 'HEAD') {
      const o = bucket.get(key);
      log.push(`${method === 'GET' ? 'GetObject' : 'HeadObject'} ${key}`);
      if (!o) return error(response, 404, method === 'GET' ? 'NoSuchKey' : 'NotFound', method === 'HEAD');
      response.writeHead(200, {
        'content-length': o.data.length,
        etag: o.etag,
        'content-type': o.type ?? 'application/octet-stream',
        'last-modified': new Date().toUTCString(),
      });
      response.end(method === 'GET' ? o.data : undefined);
      return;
    }
    if (method === 'DELETE') {
      bucket.delete(key);
      log.push(`DeleteObject ${key}`);
      response.writeHead(204).end();
      return;
    }
    return error(response, 501, 'NotImplemented');
  };

  const server = createServer((request, response) => {
    handle(request, response).catch((err: unknown) => {
      if (!response.headersSent) error(response, 500, 'InternalError');
      else response.destroy(err as Error);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    accessKeyId,
    secretAccessKey,
    objects: (bucket) =>
      new Map([...(buckets.get(bucket) ?? new Map<string, Objekt>())].map(([k, o]) => [k, o.data])),
    log,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};
