/** What a test reads from the app's SAML SP metadata and signed AuthnRequests (decisions 122, 148). */
import { createVerify, X509Certificate } from 'node:crypto';
import { signedOctets } from './saml-idp.ts';

const RSA_SHA256 = 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256';

/** What an IdP reads from SP metadata: entity id, flags, the signing certificate, the ACS. */
export const parseSpMetadata = (xml: string) => {
  const attr = (element: string, name: string) =>
    new RegExp(`<(?:\\w+:)?${element}\\b[^>]*\\b${name}="([^"]*)"`).exec(xml)?.[1];
  const signing =
    /<(?:\w+:)?KeyDescriptor\b[^>]*use="signing"[^>]*>([\s\S]*?)<\/(?:\w+:)?KeyDescriptor>/.exec(xml);
  const certBody = signing
    ? /<(?:\w+:)?X509Certificate>([^<]+)</.exec(signing[1] ?? '')?.[1]?.replace(/\s+/g, '')
    : undefined;
  return {
    entityId: attr('EntityDescriptor', 'entityID'),
    authnRequestsSigned: attr('SPSSODescriptor', 'AuthnRequestsSigned'),
    wantAssertionsSigned: attr('SPSSODescriptor', 'WantAssertionsSigned'),
    acs: attr('AssertionConsumerService', 'Location'),
    cert: certBody ? new X509Certificate(Buffer.from(certBody, 'base64')) : undefined,
  };
};

/** Verifies the redirect binding's signature of an AuthnRequest address with a certificate (node:crypto). */
export const signedWith = (requestUrl: string, cert: X509Certificate): boolean => {
  const params = new URL(requestUrl).searchParams;
  if (params.get('SigAlg') !== RSA_SHA256) return false;
  const signature = params.get('Signature');
  if (!signature) return false;
  return createVerify('RSA-SHA256')
    .update(signedOctets(requestUrl))
    .verify(cert.publicKey, Buffer.from(signature, 'base64'));
};
