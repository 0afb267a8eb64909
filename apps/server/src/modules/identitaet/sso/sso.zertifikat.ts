import { generateKeyPairSync, randomBytes, sign } from 'node:crypto';

/**
 * The SAML service provider's signing key of a tenant (decision 122): an RSA key pair and a self-signed X.509
 * certificate around its public key, written here in DER (the few ASN.1 types a certificate needs) so that no
 * openssl binary or certificate library is needed. IdPs take the certificate from the SP metadata and check the
 * signed AuthnRequests with it; nobody checks its issuer or dates against a CA.
 */

const tlv = (tag: number, ...content: Buffer[]): Buffer => {
  const body = Buffer.concat(content);
  const n = body.length;
  const length =
    n < 0x80
      ? Buffer.from([n])
      : n < 0x100
        ? Buffer.from([0x81, n])
        : n < 0x10000
          ? Buffer.from([0x82, n >> 8, n & 0xff])
          : Buffer.from([0x83, n >> 16, (n >> 8) & 0xff, n & 0xff]);
  return Buffer.concat([Buffer.from([tag]), length, body]);
};
const seq = (...content: Buffer[]) => tlv(0x30, ...content);
const set = (...content: Buffer[]) => tlv(0x31, ...content);
const oid = (dotted: string): Buffer => {
  const [a = 0, b = 0, ...rest] = dotted.split('.').map(Number);
  const bytes = [a * 40 + b];
  for (const value of rest) {
    const chunk = [value & 0x7f];
    for (let v = value >> 7; v > 0; v >>= 7) chunk.unshift((v & 0x7f) | 0x80);
    bytes.push(...chunk);
  }
  return tlv(0x06, Buffer.from(bytes));
};
const NULL = Buffer.from([0x05, 0x00]);
const utf8 = (value: string) => tlv(0x0c, Buffer.from(value, 'utf8'));
/** UTCTime until 2049, GeneralizedTime after (RFC 5280 §4.1.2.5). */
const time = (date: Date): Buffer => {
  const iso = date.toISOString().replace(/[-:T]/g, '').slice(0, 14);
  return date.getUTCFullYear() < 2050
    ? tlv(0x17, Buffer.from(`${iso.slice(2)}Z`, 'ascii'))
    : tlv(0x18, Buffer.from(`${iso}Z`, 'ascii'));
};
const SHA256_WITH_RSA = seq(oid('1.2.840.113549.1.1.11'), NULL);

/**
 * A certificate serial number from random bytes, as a DER INTEGER's content: positive (high bit clear) and minimal
 * (no leading zero byte; a zero first byte before a byte below 0x80 is illegal padding, which one certificate in
 * about a hundred had before).
 */
export const seriennummer = (bytes: Buffer): Buffer => {
  const serial = Buffer.from(bytes);
  serial[0] = ((serial[0] ?? 0) & 0x7f) | 0x01;
  return serial;
};

/** How long the certificate is valid (its dates are informative: IdPs compare the key, see decision 122). */
export const ZERTIFIKAT_JAHRE = 10;

export type SpSchluessel = { privateKey: string; zertifikat: string };

/** A fresh RSA-2048 key (PKCS#8 PEM) and a self-signed certificate (PEM) naming `commonName`, valid from `now`. */
export const erzeugeSpSchluessel = (commonName: string, now: Date): SpSchluessel => {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const name = seq(set(seq(oid('2.5.4.3'), utf8(commonName.slice(0, 64)))));
  const serial = seriennummer(randomBytes(16));
  const bis = new Date(now);
  bis.setUTCFullYear(bis.getUTCFullYear() + ZERTIFIKAT_JAHRE);
  const tbs = seq(
    tlv(0xa0, tlv(0x02, Buffer.from([2]))), // version v3
    tlv(0x02, serial),
    SHA256_WITH_RSA,
    name,
    seq(time(new Date(now.getTime() - 60_000)), time(bis)),
    name,
    publicKey.export({ type: 'spki', format: 'der' }),
  );
  const signature = sign('sha256', tbs, privateKey);
  const der = seq(tbs, SHA256_WITH_RSA, tlv(0x03, Buffer.from([0]), signature));
  return {
    privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    zertifikat: pemOf(der),
  };
};

const pemOf = (der: Buffer): string =>
  `-----BEGIN CERTIFICATE-----\n${der
    .toString('base64')
    .replace(/.{64}/g, '$&\n')
    .replace(/\n$/, '')}\n-----END CERTIFICATE-----\n`;

/** The certificate's base64 body (what `ds:X509Certificate` carries). */
export const zertifikatBase64 = (pem: string): string =>
  pem.replace(/-----(BEGIN|END) CERTIFICATE-----/g, '').replace(/\s+/g, '');
