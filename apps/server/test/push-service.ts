/**
 * A local web-push service for the tests (decision 245), and the browser's side of a subscription: the test holds
 * the device's P-256 key pair and authentication secret as a browser would, the service records every request,
 * verifies its VAPID JWT (RFC 8292, ES256 with the key in the `k` parameter) and decrypts its aes128gcm body
 * (RFC 8188, RFC 8291) with node:crypto. Nothing of the server's own push code is used to check it.
 */
import {
  createDecipheriv,
  createECDH,
  createPublicKey,
  type ECDH,
  hkdfSync,
  randomBytes,
  verify,
} from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A browser profile's push keys: what PushSubscription.toJSON() gives, plus the private key only it has. */
export type Geraet = {
  ecdh: ECDH;
  auth: Buffer;
  keys: { p256dh: string; auth: string };
};

export const neuesGeraet = (): Geraet => {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    ecdh,
    auth,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
  };
};

export type VapidJwt = { header: Record<string, unknown>; claims: Record<string, unknown>; k: string };

export type PushAnfrage = {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
};

/** RFC 8291 §3.4 and RFC 8188 §2: the plaintext of an aes128gcm push body for this device. */
export const entschluessele = (geraet: Geraet, body: Buffer): string => {
  const salt = body.subarray(0, 16);
  const rs = body.readUInt32BE(16);
  const idlen = body[20]!;
  const asPublic = body.subarray(21, 21 + idlen);
  const records = body.subarray(21 + idlen);
  if (idlen !== 65) throw new Error(`keyid must be the sender's 65-byte public key, got ${idlen} bytes`);
  if (records.length > rs) throw new Error('a push message is a single record');
  const ecdhSecret = geraet.ecdh.computeSecret(asPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), geraet.ecdh.getPublicKey(), asPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', ecdhSecret, geraet.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(records.subarray(records.length - 16));
  const padded = Buffer.concat([decipher.update(records.subarray(0, records.length - 16)), decipher.final()]);
  // the last record ends with the delimiter 0x02, then zero padding
  let ende = padded.length - 1;
  while (ende >= 0 && padded[ende] === 0) ende--;
  if (padded[ende] !== 2) throw new Error('the last record must end with the delimiter 0x02');
  return padded.subarray(0, ende).toString('utf8');
};

/**
 * `Authorization: vapid t=<jwt>, k=<public key>`: the JWT's ES256 signature checked with `k` (an uncompressed
 * P-256 point), its header and claims returned.
 */
export const pruefeVapid = (authorization: string | undefined): VapidJwt => {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization ?? '');
  if (!match) throw new Error(`not a VAPID authorization: ${authorization}`);
  const [, jwt, k] = match as unknown as [string, string, string];
  const [h, c, s] = jwt.split('.') as [string, string, string];
  const punkt = Buffer.from(k, 'base64url');
  if (punkt.length !== 65 || punkt[0] !== 4) throw new Error('k is not an uncompressed P-256 point');
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: punkt.subarray(1, 33).toString('base64url'),
      y: punkt.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  });
  const ok = verify(
    'sha256',
    Buffer.from(`${h}.${c}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(s, 'base64url'),
  );
  if (!ok) throw new Error('the VAPID JWT signature does not verify with k');
  return {
    header: JSON.parse(Buffer.from(h, 'base64url').toString('utf8')) as Record<string, unknown>,
    claims: JSON.parse(Buffer.from(c, 'base64url').toString('utf8')) as Record<string, unknown>,
    k,
  };
};

export type PushDienst = {
  origin: string;
  /** every request received, in order */
  anfragen: PushAnfrage[];
  /** the endpoint of a new device; `status` is what the service answers for it (201, or 410 when it is gone) */
  endpoint: (name: string, status?: number) => string;
  close: () => Promise<void>;
};

/** Starts the push service on 127.0.0.1 (a free port). */
export const startePushDienst = async (): Promise<PushDienst> => {
  const anfragen: PushAnfrage[] = [];
  const status = new Map<string, number>();
  const server: Server = createServer((req, res) => {
    const teile: Buffer[] = [];
    req.on('data', (teil: Buffer) => teile.push(teil));
    req.on('end', () => {
      const path = req.url ?? '';
      anfragen.push({ path, headers: req.headers, body: Buffer.concat(teile) });
      res.statusCode = req.method === 'POST' ? (status.get(path) ?? 404) : 405;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    anfragen,
    endpoint: (name, code = 201) => {
      status.set(`/push/${name}`, code);
      return `${origin}/push/${name}`;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
};
