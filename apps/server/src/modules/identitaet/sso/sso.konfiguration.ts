import { discoverOIDCConfig } from '@better-auth/sso';
import { DomainError } from '@stellwerk/domain/errors';
import type { TSsoKonfiguration, TSsoKonfigurationInput } from '@stellwerk/domain/identitaet/sso/api';
import { DEFAULT_OIDC_SCOPES } from '@stellwerk/domain/identitaet/sso/sso';
import type { Database } from '../../../db/client.ts';
import { writeAudit } from '../../plattform/audit/audit.service.ts';
import type { SessionUser } from '../auth/auth.context.ts';
import { GRUPPEN_FELD, protokollOf, providerIdOf } from './sso.anmeldung.ts';
import {
  deleteMandantSso,
  deleteSsoProvider,
  findAllSsoProviders,
  findDomains,
  findMandantSso,
  findSsoProvider,
  type MandantSsoRow,
  saveSsoProvider,
  upsertMandantSso,
} from './sso.repository.ts';
import { mitSigniertenAnfragen, samlSpKonfiguration, spSchluesselVon } from './sso.saml-sp.ts';

/** The origins of every configured provider's endpoints: better-auth fetches only from trusted origins. */
export const ssoOrigins = async (database: Database): Promise<string[]> => {
  const providers = await database.withoutTenant((tx) => findAllSsoProviders(tx));
  const origins = new Set<string>();
  const add = (value: unknown) => {
    if (typeof value === 'string' && URL.canParse(value)) origins.add(new URL(value).origin);
  };
  for (const p of providers) {
    add(p.issuer);
    if (p.oidcConfig) {
      const c = JSON.parse(p.oidcConfig) as Record<string, unknown>;
      for (const key of [
        'discoveryEndpoint',
        'authorizationEndpoint',
        'tokenEndpoint',
        'jwksEndpoint',
        'userInfoEndpoint',
      ])
        add(c[key]);
    }
  }
  return [...origins];
};

export type SsoDeps = { database: Database; publicUrl: string; fetchText?: (url: string) => Promise<string> };

export const urlsOf = (publicUrl: string, mandantId: string) => {
  const providerId = providerIdOf(mandantId);
  const base = `${publicUrl}/api/auth`;
  const spMetadataUrl = `${base}/sso/saml2/sp/metadata?providerId=${encodeURIComponent(providerId)}`;
  return {
    redirectUrl: `${base}/sso/callback/${providerId}`,
    acsUrl: `${base}/sso/saml2/sp/acs/${providerId}`,
    spMetadataUrl,
    spEntityId: spMetadataUrl,
  };
};

/** The tenant's provider for its administrator: never the client secret. */
export const getSsoKonfiguration = async (deps: SsoDeps, user: SessionUser): Promise<TSsoKonfiguration> =>
  deps.database.withTenant(user.mandantId, async (tx) => {
    const row = await findMandantSso(tx);
    const provider = row ? await findSsoProvider(tx, providerIdOf(user.mandantId)) : undefined;
    const oidc = provider?.oidcConfig ? (JSON.parse(provider.oidcConfig) as { clientSecret?: string }) : null;
    const protokoll = protokollOf(row);
    return {
      protokoll,
      passwortErlaubt: row?.passwortErlaubt ?? true,
      mfaVertrauen: row?.mfaVertrauen ?? false,
      gruppenClaim: row?.gruppenClaim ?? 'groups',
      oidc:
        row && protokoll === 'oidc'
          ? {
              issuer: row.issuer,
              clientId: row.clientId ?? '',
              clientSecretGespeichert: Boolean(oidc?.clientSecret),
              scopes: row.scopes,
            }
          : null,
      saml:
        row && protokoll === 'saml' ? { idpEntityId: row.issuer, metadataUrl: row.samlMetadataUrl } : null,
      ...urlsOf(deps.publicUrl, user.mandantId),
      domains: await findDomains(tx),
    };
  });

const readUrl = async (deps: SsoDeps, url: string): Promise<string> => {
  if (deps.fetchText) return deps.fetchText(url);
  const response = await fetch(url, { signal: AbortSignal.timeout(10_000), redirect: 'error' });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return response.text();
};

const unreachable = (error: unknown): DomainError =>
  new DomainError('sso.anbieter_nicht_erreichbar', {
    grund: (error instanceof Error ? error.message : String(error)).slice(0, 200),
  });

/** The IdP entity id of SAML metadata XML, or a refusal when it is not IdP metadata. */
const idpEntityIdOf = (xml: string): string => {
  if (!/IDPSSODescriptor/.test(xml)) throw unreachable(new Error('no IDPSSODescriptor'));
  const match = /<(?:\w+:)?EntityDescriptor\b[^>]*\bentityID="([^"]+)"/.exec(xml);
  if (!match?.[1]) throw unreachable(new Error('no entityID'));
  return match[1];
};

/**
 * Saves the tenant's provider (replacing one of the other protocol): OIDC is checked against the issuer's
 * discovery document, SAML metadata is read (from the address, once) and must describe an IdP. An empty
 * client secret keeps the stored one. Audited without secrets.
 */
export const saveSsoKonfiguration = async (
  deps: SsoDeps,
  user: SessionUser,
  input: TSsoKonfigurationInput,
): Promise<TSsoKonfiguration> => {
  const providerId = providerIdOf(user.mandantId);
  const urls = urlsOf(deps.publicUrl, user.mandantId);
  const previous = await deps.database.withTenant(user.mandantId, async (tx) => ({
    row: await findMandantSso(tx),
    provider: await findSsoProvider(tx, providerId),
    domains: await findDomains(tx),
  }));
  const domain = previous.domains[0] ?? '';
  let provider: { issuer: string; oidcConfig: string | null; samlConfig: string | null };
  let row: Omit<MandantSsoRow, 'mandantId' | 'updatedAt'>;
  if (input.protokoll === 'oidc') {
    const issuer = input.issuer.replace(/\/$/, '');
    const oldOidc = previous.provider?.oidcConfig
      ? (JSON.parse(previous.provider.oidcConfig) as {
          clientSecret?: string;
          clientId?: string;
          issuer?: string;
        })
      : null;
    const secret = input.clientSecret?.trim() || oldOidc?.clientSecret;
    if (!secret) throw new DomainError('sso.client_secret_fehlt');
    const discovered = await discoverOIDCConfig({ issuer, isTrustedOrigin: () => true }).catch(
      (error: unknown) => {
        throw unreachable(error);
      },
    );
    const scopes = input.scopes.length > 0 ? input.scopes : [...DEFAULT_OIDC_SCOPES];
    provider = {
      issuer: discovered.issuer,
      samlConfig: null,
      oidcConfig: JSON.stringify({
        issuer: discovered.issuer,
        pkce: true,
        clientId: input.clientId,
        clientSecret: secret,
        discoveryEndpoint: discovered.discoveryEndpoint,
        authorizationEndpoint: discovered.authorizationEndpoint,
        tokenEndpoint: discovered.tokenEndpoint,
        jwksEndpoint: discovered.jwksEndpoint,
        userInfoEndpoint: discovered.userInfoEndpoint,
        tokenEndpointAuthentication: discovered.tokenEndpointAuthentication,
        scopes,
        mapping: {
          extraFields: {
            [GRUPPEN_FELD]: input.gruppenClaim,
            given_name: 'given_name',
            family_name: 'family_name',
          },
        },
      }),
    };
    row = {
      protokoll: 'oidc',
      issuer: discovered.issuer,
      clientId: input.clientId,
      scopes,
      samlMetadataUrl: null,
      gruppenClaim: input.gruppenClaim,
      passwortErlaubt: input.passwortErlaubt,
      mfaVertrauen: input.mfaVertrauen ?? previous.row?.mfaVertrauen ?? false,
    };
  } else {
    const xml = input.metadataXml?.trim()
      ? input.metadataXml.trim()
      : input.metadataUrl
        ? await readUrl(deps, input.metadataUrl).catch((error: unknown) => {
            throw unreachable(error);
          })
        : null;
    if (!xml) throw new DomainError('sso.metadaten_fehlen');
    const idpEntityId = idpEntityIdOf(xml);
    const schluessel = await deps.database.withTenant(user.mandantId, (tx) =>
      spSchluesselVon(tx, schluesselAnlass(deps, user)),
    );
    provider = {
      issuer: idpEntityId,
      oidcConfig: null,
      samlConfig: JSON.stringify({
        issuer: urls.spEntityId,
        entryPoint: '',
        callbackUrl: `${deps.publicUrl}/`,
        // AuthnRequests are signed with the tenant's SP key, published in the SP metadata (decision 122)
        idpMetadata: { metadata: mitSigniertenAnfragen(xml) },
        ...samlSpKonfiguration(urls, schluessel),
        wantAssertionsSigned: true,
        mapping: {
          email: 'email',
          extraFields: { [GRUPPEN_FELD]: input.gruppenClaim, firstName: 'givenName', lastName: 'surname' },
        },
      }),
    };
    row = {
      protokoll: 'saml',
      issuer: idpEntityId,
      clientId: null,
      scopes: [],
      samlMetadataUrl: input.metadataXml?.trim() ? null : (input.metadataUrl ?? null),
      gruppenClaim: input.gruppenClaim,
      passwortErlaubt: input.passwortErlaubt,
      mfaVertrauen: input.mfaVertrauen ?? previous.row?.mfaVertrauen ?? false,
    };
  }
  await deps.database.withTenant(user.mandantId, async (tx) => {
    await saveSsoProvider(tx, { id: crypto.randomUUID(), providerId, domain, userId: null, ...provider });
    await upsertMandantSso(tx, { mandantId: user.mandantId, ...row });
    await writeAudit(tx, {
      mandantId: user.mandantId,
      benutzerId: user.benutzerId,
      action: previous.row ? 'update' : 'create',
      entity: 'mandant.sso',
      entityId: user.mandantId,
      oldValue: previous.row ? auditOf(previous.row) : null,
      newValue: {
        ...auditOf({ ...row }),
        clientSecretGeaendert: input.protokoll === 'oidc' && Boolean(input.clientSecret?.trim()),
      },
    });
  });
  return getSsoKonfiguration(deps, user);
};

/** Who makes or renews the tenant's SP key, and the name its certificate carries (decision 122). */
export const schluesselAnlass = (deps: SsoDeps, user: SessionUser) => ({
  mandantId: user.mandantId,
  benutzerId: user.benutzerId,
  name: `Stellwerk SAML SP ${new URL(deps.publicUrl).host}`,
  now: new Date(),
});

const auditOf = (row: Omit<MandantSsoRow, 'mandantId' | 'updatedAt'>) => ({
  protokoll: row.protokoll,
  issuer: row.issuer,
  clientId: row.clientId,
  scopes: row.scopes,
  samlMetadataUrl: row.samlMetadataUrl,
  gruppenClaim: row.gruppenClaim,
  passwortErlaubt: row.passwortErlaubt,
  mfaVertrauen: row.mfaVertrauen,
});

/** Removes the tenant's provider: everyone signs in with the password again. Audited. */
export const deleteSsoKonfiguration = async (deps: SsoDeps, user: SessionUser): Promise<void> => {
  await deps.database.withTenant(user.mandantId, async (tx) => {
    const row = await findMandantSso(tx);
    if (!row) return;
    await deleteSsoProvider(tx, providerIdOf(user.mandantId));
    await deleteMandantSso(tx);
    await writeAudit(tx, {
      mandantId: user.mandantId,
      benutzerId: user.benutzerId,
      action: 'delete',
      entity: 'mandant.sso',
      entityId: user.mandantId,
      oldValue: auditOf(row),
    });
  });
};
