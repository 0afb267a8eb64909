import type { TAnmeldeMethoden } from '@stellwerk/domain/identitaet/sso/api';
import { anmeldeMethoden, domainOfEmail, type SsoProtokoll } from '@stellwerk/domain/identitaet/sso/sso';
import { asTenant, type Database } from '../../../db/client.ts';
import { inhaberVon } from '../auth/auth.inhaber.ts';
import { protokollOf, providerIdOf } from './sso.anmeldung.ts';
import { findBenutzerOfLogin, findMandantSsoOf, findRoutingByDomain } from './sso.repository.ts';

/** What /login offers for an address: the provider of the tenant its domain belongs to, and/or the password. */
export const getAnmeldeMethoden = async (database: Database, email: string): Promise<TAnmeldeMethoden> => {
  const domain = domainOfEmail(email);
  const routing = domain ? await database.withAllTenants((tx) => findRoutingByDomain(tx, domain)) : undefined;
  const sso = protokollOf(routing?.sso);
  const methoden = anmeldeMethoden(
    routing ? { sso, passwortErlaubt: routing.sso?.passwortErlaubt ?? true } : null,
  );
  return {
    sso:
      routing && methoden.sso
        ? { providerId: providerIdOf(routing.mandantId), protokoll: methoden.sso }
        : null,
    passwort: methoden.passwort,
  };
};

/**
 * The right of the tenant administrators who keep their password as a way in when the tenant switched password
 * sign-in off (break-glass for an outage of the identity provider, decision 096): those who can change or
 * remove the tenant's provider.
 */
export const NOTZUGANG_RECHT = 'customizing_mandant_pflege';

/**
 * Whether the user behind a better-auth user may sign in with the password: not when their tenant has a
 * provider and switched password sign-in off — except platform administrators (the platform cannot be locked
 * out) and the tenant's administrators holding `NOTZUGANG_RECHT` (break-glass, decision 096; their second
 * factor is asked as always). Unknown users may try (they fail like a wrong password).
 */
export const passwortAnmeldungErlaubt = async (database: Database, authUserId: string): Promise<boolean> =>
  database.withAllTenants(async (tx) => {
    const found = await findBenutzerOfLogin(tx, authUserId);
    if (!found || found.plattformAdmin) return true;
    const sso = await findMandantSsoOf(tx, found.mandantId);
    if (
      anmeldeMethoden(sso ? { sso: protokollOf(sso), passwortErlaubt: sso.passwortErlaubt } : null).passwort
    )
      return true;
    return asTenant(
      tx,
      found.mandantId,
      async (t) => (await inhaberVon(t, [found.id], [NOTZUGANG_RECHT])).length > 0,
    );
  });

/**
 * What the user's tenant allows now (decision 081): the password (as `passwortAnmeldungErlaubt`) and its
 * configured provider with its protocol, if any.
 */
export const anmeldeKontextVon = async (
  database: Database,
  authUserId: string,
): Promise<{ passwortErlaubt: boolean; ssoProviderId: string | null; protokoll: SsoProtokoll | null }> =>
  database.withAllTenants(async (tx) => {
    const found = await findBenutzerOfLogin(tx, authUserId);
    if (!found) return { passwortErlaubt: true, ssoProviderId: null, protokoll: null };
    const sso = await findMandantSsoOf(tx, found.mandantId);
    const protokoll = protokollOf(sso);
    const methoden = anmeldeMethoden(sso ? { sso: protokoll, passwortErlaubt: sso.passwortErlaubt } : null);
    return {
      passwortErlaubt: found.plattformAdmin || methoden.passwort,
      ssoProviderId: protokoll ? providerIdOf(found.mandantId) : null,
      protokoll,
    };
  });
