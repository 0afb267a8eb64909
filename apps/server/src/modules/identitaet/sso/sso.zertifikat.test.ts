import { createPrivateKey, createPublicKey, X509Certificate } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { erzeugeSpSchluessel, seriennummer, ZERTIFIKAT_JAHRE, zertifikatBase64 } from './sso.zertifikat.ts';

// An RSA key's prime search takes a random time: on a busy two-core machine one key in a few dozen took more
// than vitest's 5 s (seen 28.11.2026). The bound is the machine's speed, not what the tests check.
describe('the SAML SP signing key and its self-signed certificate (decision 122)', {
  timeout: 30_000,
}, () => {
  it.each([
    ['today', new Date('2026-11-27T20:00:00Z'), '2036'],
    ['a date whose end lies after 2049 (GeneralizedTime)', new Date('2045-03-29T01:30:00Z'), '2055'],
  ])('is a certificate Node reads and verifies, made %s', (_, now, endYear) => {
    const { privateKey, zertifikat } = erzeugeSpSchluessel('Stellwerk SAML SP Beispielhausen', now);
    const cert = new X509Certificate(zertifikat);
    expect(cert.subject).toBe('CN=Stellwerk SAML SP Beispielhausen');
    expect(cert.issuer).toBe(cert.subject);
    // self-signed: its own public key verifies it, and it is the public half of the private key
    expect(cert.verify(cert.publicKey)).toBe(true);
    expect(cert.publicKey.export({ type: 'spki', format: 'der' })).toEqual(
      createPublicKey(createPrivateKey(privateKey)).export({ type: 'spki', format: 'der' }),
    );
    expect(new Date(cert.validFrom).getTime()).toBeLessThanOrEqual(now.getTime());
    expect(new Date(cert.validTo).getUTCFullYear()).toBe(Number(endYear));
    expect(Number(endYear) - now.getUTCFullYear()).toBe(ZERTIFIKAT_JAHRE);
    expect(Buffer.from(zertifikatBase64(zertifikat), 'base64')).toEqual(cert.raw);
  });

  it('makes a new key every time', () => {
    const now = new Date();
    expect(erzeugeSpSchluessel('a', now).privateKey).not.toBe(erzeugeSpSchluessel('a', now).privateKey);
  });
  it.each([
    ['a zero first byte before a small one (illegal padding before)', [0x00, 0x10, 0xff]],
    ['a first byte with the high bit set (a negative number)', [0x80, 0x00, 0x01]],
    ['a zero first byte before a large one', [0x00, 0x80, 0x01]],
  ])('a serial number is a positive, minimal INTEGER: %s', (_, bytes) => {
    const serial = seriennummer(Buffer.from(bytes));
    expect(serial).toHaveLength(bytes.length);
    expect(serial[0]).toBeGreaterThan(0);
    expect(serial[0]).toBeLessThan(0x80);
  });
});
