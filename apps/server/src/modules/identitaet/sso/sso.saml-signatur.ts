import { writeAudit } from '../../plattform/audit/audit.service.ts';
import type { SessionUser } from '../auth/auth.context.ts';
import { providerIdOf } from './sso.anmeldung.ts';
import { type SsoDeps, schluesselAnlass, urlsOf } from './sso.konfiguration.ts';
import {
  findAllSsoProviders,
  findSsoProvider,
  replaceSamlConfigWennUnveraendert,
  saveSsoProvider,
} from './sso.repository.ts';
import {
  erneuereSpSchluessel,
  mitSigniertenAnfragen,
  samlSpKonfiguration,
  spMetadataXml,
  spSchluesselVon,
} from './sso.saml-sp.ts';
import type { SpSchluessel } from './sso.zertifikat.ts';

/**
 * The tenant's SAML SP metadata with its signing certificate, for the administrator before (and after) a provider
 * is saved (decision 122): the key is made on first need. After saving, better-auth's public metadata address
 * answers the same document.
 */
export const getSpMetadaten = async (deps: SsoDeps, user: SessionUser): Promise<string> => {
  const urls = urlsOf(deps.publicUrl, user.mandantId);
  const schluessel = await deps.database.withTenant(user.mandantId, (tx) =>
    spSchluesselVon(tx, schluesselAnlass(deps, user)),
  );
  return spMetadataXml({ entityId: urls.spEntityId, acsUrl: urls.acsUrl, zertifikat: schluessel.zertifikat });
};

/**
 * A new SP key replaces the tenant's key (decision 122); a saved SAML provider signs with it from now on. The IdP
 * must be given the new metadata (or certificate): one that checks signed requests refuses the new signature
 * until then. Answers the new metadata.
 */
export const erneuereSpMetadaten = async (deps: SsoDeps, user: SessionUser): Promise<string> => {
  const providerId = providerIdOf(user.mandantId);
  const urls = urlsOf(deps.publicUrl, user.mandantId);
  const schluessel = await deps.database.withTenant(user.mandantId, async (tx) => {
    const neu = await erneuereSpSchluessel(tx, schluesselAnlass(deps, user));
    const provider = await findSsoProvider(tx, providerId);
    if (provider?.samlConfig)
      await saveSsoProvider(tx, {
        ...provider,
        samlConfig: signierteSamlKonfiguration(provider.samlConfig, urls, neu),
      });
    return neu;
  });
  return spMetadataXml({ entityId: urls.spEntityId, acsUrl: urls.acsUrl, zertifikat: schluessel.zertifikat });
};

/**
 * A stored SAML configuration that signs its AuthnRequests with `schluessel` (decision 122): the SP metadata and key
 * better-auth signs with, and the kept IdP metadata marked as wanting signed requests.
 */
const signierteSamlKonfiguration = (
  samlConfig: string,
  urls: { spEntityId: string; acsUrl: string },
  schluessel: SpSchluessel,
): string => {
  const bisher = JSON.parse(samlConfig) as { idpMetadata?: { metadata?: string } };
  return JSON.stringify({
    ...bisher,
    idpMetadata: bisher.idpMetadata?.metadata
      ? { ...bisher.idpMetadata, metadata: mitSigniertenAnfragen(bisher.idpMetadata.metadata) }
      : bisher.idpMetadata,
    ...samlSpKonfiguration(urls, schluessel),
  });
};

/** Whether a stored SAML configuration signs its AuthnRequests (saved since decision 122, or given a key since). */
export const signiertAnfragen = (samlConfig: string): boolean => {
  try {
    const config = JSON.parse(samlConfig) as {
      authnRequestsSigned?: unknown;
      spMetadata?: { privateKey?: unknown; metadata?: unknown };
    };
    return (
      config.authnRequestsSigned === true &&
      typeof config.spMetadata?.privateKey === 'string' &&
      config.spMetadata.privateKey.length > 0 &&
      typeof config.spMetadata.metadata === 'string'
    );
  } catch {
    // not better-auth's JSON: nothing this module can sign; better-auth refuses such a provider itself
    return true;
  }
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A SAML provider saved before decision 122 has no SP key and sent unsigned AuthnRequests: it gets the tenant's key
 * (made on first need, as for the metadata download) written into its configuration (decision 148). Asked at
 * start for every provider and before a sign-in through the provider starts or its SP metadata is answered, so a
 * provider an older instance saves during an update is signed as well. Safe with several instances at once: the
 * key row is inserted once (a second insert does nothing and reads the first), and the configuration is replaced
 * only while it is still the one read. Audited as a change of `mandant.sso` by nobody. Whether it changed one.
 */
export const signiereSamlAnbieter = async (
  deps: Pick<SsoDeps, 'database' | 'publicUrl'>,
  mandantId: string,
  now: Date = new Date(),
): Promise<boolean> => {
  if (!UUID.test(mandantId)) return false;
  const providerId = providerIdOf(mandantId);
  return deps.database.withTenant(mandantId, async (tx) => {
    const provider = await findSsoProvider(tx, providerId);
    if (!provider?.samlConfig || signiertAnfragen(provider.samlConfig)) return false;
    const schluessel = await spSchluesselVon(tx, {
      mandantId,
      benutzerId: null,
      name: `Stellwerk SAML SP ${new URL(deps.publicUrl).host}`,
      now,
    });
    const urls = urlsOf(deps.publicUrl, mandantId);
    const ersetzt = await replaceSamlConfigWennUnveraendert(
      tx,
      providerId,
      provider.samlConfig,
      signierteSamlKonfiguration(provider.samlConfig, urls, schluessel),
    );
    if (ersetzt)
      await writeAudit(tx, {
        mandantId,
        benutzerId: null,
        action: 'update',
        entity: 'mandant.sso',
        entityId: mandantId,
        newValue: { signierteAnfragen: true, zertifikat: schluessel.zertifikat },
      });
    return ersetzt;
  });
};

/** At start: every SAML provider without an SP key gets one (decision 148). How many were changed. */
export const signiereAlleSamlAnbieter = async (
  deps: Pick<SsoDeps, 'database' | 'publicUrl'>,
  log: { warn: (object: object, message: string) => void },
  now: Date = new Date(),
): Promise<number> => {
  const offen = await deps.database.withAllTenants(async (tx) =>
    (await findAllSsoProviders(tx))
      .filter((p) => p.samlConfig !== null && !signiertAnfragen(p.samlConfig))
      .map((p) => p.providerId),
  );
  let geaendert = 0;
  for (const mandantId of offen) {
    try {
      if (await signiereSamlAnbieter(deps, mandantId, now)) geaendert++;
    } catch (error) {
      log.warn({ err: error, mandantId }, 'SAML provider could not be given an SP key');
    }
  }
  return geaendert;
};
