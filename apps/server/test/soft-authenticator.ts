/**
 * A WebAuthn authenticator in software for integration tests (the browser journeys use Chromium's virtual one):
 * one P-256 credential, registration with attestation "none" and sign-in assertions, each with or without user
 * verification (the UV flag a PIN or fingerprint sets). The CBOR it needs (a few maps, byte and text strings,
 * small integers) is written by hand.
 */
import { createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto';

const head = (major: number, length: number): Buffer =>
  length < 24
    ? Buffer.from([(major << 5) | length])
    : length < 0x100
      ? Buffer.from([(major << 5) | 24, length])
      : Buffer.from([(major << 5) | 25, length >> 8, length & 0xff]);
const cborText = (value: string) => Buffer.concat([head(3, Buffer.byteLength(value)), Buffer.from(value)]);
const cborBytes = (value: Buffer) => Buffer.concat([head(2, value.length), value]);
const cborMap = (entries: [Buffer, Buffer][]) => Buffer.concat([head(5, entries.length), ...entries.flat()]);
const cborInt = (value: number) => (value >= 0 ? head(0, value) : head(1, -1 - value));

const b64url = (value: Buffer | string) => Buffer.from(value).toString('base64url');
const sha256 = (value: Buffer | string) => createHash('sha256').update(value).digest();

const UP = 0x01;
const UV = 0x04;
const AT = 0x40;

export const createSoftAuthenticator = (rpId: string, origin: string) => {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' });
  const credentialId = randomBytes(16);
  let counter = 0;
  // COSE_Key (RFC 9053): kty EC2, alg ES256, crv P-256, x, y
  const coseKey = cborMap([
    [cborInt(1), cborInt(2)],
    [cborInt(3), cborInt(-7)],
    [cborInt(-1), cborInt(1)],
    [cborInt(-2), cborBytes(Buffer.from(jwk.x ?? '', 'base64url'))],
    [cborInt(-3), cborBytes(Buffer.from(jwk.y ?? '', 'base64url'))],
  ]);
  const authData = (flags: number, extra: Buffer = Buffer.alloc(0)) => {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(++counter);
    return Buffer.concat([sha256(rpId), Buffer.from([flags]), count, extra]);
  };
  const clientData = (type: string, challenge: string) =>
    Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));

  return {
    credentialId: b64url(credentialId),
    /** The answer to registration options (`challenge` from them), as `navigator.credentials.create` gives it. */
    register: (challenge: string, { userVerified = true } = {}) => {
      const idLength = Buffer.alloc(2);
      idLength.writeUInt16BE(credentialId.length);
      const data = authData(
        UP | AT | (userVerified ? UV : 0),
        Buffer.concat([Buffer.alloc(16), idLength, credentialId, coseKey]),
      );
      const attestationObject = cborMap([
        [cborText('fmt'), cborText('none')],
        [cborText('attStmt'), cborMap([])],
        [cborText('authData'), cborBytes(data)],
      ]);
      return {
        id: b64url(credentialId),
        rawId: b64url(credentialId),
        type: 'public-key',
        authenticatorAttachment: 'platform',
        response: {
          clientDataJSON: b64url(clientData('webauthn.create', challenge)),
          attestationObject: b64url(attestationObject),
          transports: ['internal'],
        },
        clientExtensionResults: {},
      };
    },
    /** The answer to sign-in options, as `navigator.credentials.get` gives it; UV as the user was verified. */
    authenticate: (challenge: string, { userVerified }: { userVerified: boolean }) => {
      const data = authData(UP | (userVerified ? UV : 0));
      const client = clientData('webauthn.get', challenge);
      const signature = sign('sha256', Buffer.concat([data, sha256(client)]), privateKey);
      return {
        id: b64url(credentialId),
        rawId: b64url(credentialId),
        type: 'public-key',
        authenticatorAttachment: 'platform',
        response: {
          clientDataJSON: b64url(client),
          authenticatorData: b64url(data),
          signature: b64url(signature),
        },
        clientExtensionResults: {},
      };
    },
  };
};
