import type { Tx } from '../../../db/client.ts';
import { writeAudit } from '../../plattform/audit/audit.service.ts';
import { findSamlSpSchluessel, insertSamlSpSchluessel, replaceSamlSpSchluessel } from './sso.repository.ts';
import { erzeugeSpSchluessel, type SpSchluessel, zertifikatBase64 } from './sso.zertifikat.ts';

/**
 * The tenant's SAML service provider (decision 122): its signing key, made on first need, and the SP metadata
 * that carries the key's certificate, the same before and after a provider is saved.
 */

const escapeXml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const POST_BINDING = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST';

/**
 * The SP metadata: entity id, the ACS (HTTP-POST), the signing certificate (`KeyDescriptor use="signing"`),
 * AuthnRequests signed and assertions wanted signed.
 */
export const spMetadataXml = (input: { entityId: string; acsUrl: string; zertifikat: string }): string =>
  [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" xmlns:ds="http://www.w3.org/2000/09/xmldsig#" entityID="${escapeXml(input.entityId)}">`,
    '  <md:SPSSODescriptor AuthnRequestsSigned="true" WantAssertionsSigned="true" protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol">',
    '    <md:KeyDescriptor use="signing">',
    `      <ds:KeyInfo><ds:X509Data><ds:X509Certificate>${zertifikatBase64(input.zertifikat)}</ds:X509Certificate></ds:X509Data></ds:KeyInfo>`,
    '    </md:KeyDescriptor>',
    '    <md:NameIDFormat>urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress</md:NameIDFormat>',
    `    <md:AssertionConsumerService index="0" isDefault="true" Binding="${POST_BINDING}" Location="${escapeXml(input.acsUrl)}"/>`,
    '  </md:SPSSODescriptor>',
    '</md:EntityDescriptor>',
    '',
  ].join('\n');

/**
 * The IdP metadata as the app keeps it: its `IDPSSODescriptor` says `WantAuthnRequestsSigned="true"`. samlify
 * refuses to build a request when the SP's "AuthnRequestsSigned" and the IdP's "WantAuthnRequestsSigned"
 * differ, and ADFS or Entra ID metadata usually leaves the attribute out; IdPs that do not ask for signed
 * requests accept them all the same (decision 122).
 */
export const mitSigniertenAnfragen = (idpXml: string): string =>
  idpXml.replace(
    /<((?:[\w-]+:)?IDPSSODescriptor)\b([^>]*?)(\/?)>/,
    (_, tag: string, attrs: string, end: string) => {
      const ohne = attrs.replace(/\s+WantAuthnRequestsSigned\s*=\s*("[^"]*"|'[^']*')/, '');
      return `<${tag}${ohne} WantAuthnRequestsSigned="true"${end}>`;
    },
  );

const audit = (
  tx: Tx,
  input: { mandantId: string; benutzerId: string | null; action: 'create' | 'update'; zertifikat: string },
) =>
  writeAudit(tx, {
    mandantId: input.mandantId,
    benutzerId: input.benutzerId,
    action: input.action,
    entity: 'mandant.sso.schluessel',
    entityId: input.mandantId,
    newValue: { zertifikat: input.zertifikat },
  });

/** The tenant's SP key (tenant transaction); made, stored and audited on first need. */
export const spSchluesselVon = async (
  tx: Tx,
  input: { mandantId: string; benutzerId: string | null; name: string; now: Date },
): Promise<SpSchluessel> => {
  const found = await findSamlSpSchluessel(tx);
  if (found) return found;
  const neu = erzeugeSpSchluessel(input.name, input.now);
  await insertSamlSpSchluessel(tx, { mandantId: input.mandantId, ...neu, createdAt: input.now });
  const stored = await findSamlSpSchluessel(tx);
  if (!stored) throw new Error('SAML SP key not stored');
  if (stored.privateKey === neu.privateKey)
    await audit(tx, { ...input, action: 'create', zertifikat: neu.zertifikat });
  return stored;
};

/** A new key replaces the tenant's key (tenant transaction); audited with the new certificate. */
export const erneuereSpSchluessel = async (
  tx: Tx,
  input: { mandantId: string; benutzerId: string | null; name: string; now: Date },
): Promise<SpSchluessel> => {
  const neu = erzeugeSpSchluessel(input.name, input.now);
  await replaceSamlSpSchluessel(tx, { mandantId: input.mandantId, ...neu, createdAt: input.now });
  await audit(tx, { ...input, action: 'update', zertifikat: neu.zertifikat });
  return neu;
};

/** What better-auth's samlConfig needs for signing: the SP metadata to publish and the key to sign with. */
export const samlSpKonfiguration = (
  urls: { spEntityId: string; acsUrl: string },
  schluessel: SpSchluessel,
) => ({
  spMetadata: {
    metadata: spMetadataXml({
      entityId: urls.spEntityId,
      acsUrl: urls.acsUrl,
      zertifikat: schluessel.zertifikat,
    }),
    privateKey: schluessel.privateKey,
  },
  authnRequestsSigned: true,
});
