import { AsyncLocalStorage } from 'node:async_hooks';
import type { Anmeldung } from '@stellwerk/domain/identitaet/sicherheit/zwei-faktor';
import type { SsoProtokoll } from '@stellwerk/domain/identitaet/sso/sso';
import type { MandantSsoRow } from './sso.repository.ts';

export const ACTIVE = 'aktiv';

/** The claim key under which the provider's groups reach `provisionUser` (better-auth's mapping.extraFields). */
export const GRUPPEN_FELD = 'stellwerkGruppen';

/** Why a sign-in through the provider was refused, as the code /login shows (`?sso_fehler=`). */
export type SsoAblehnung =
  | 'auth.sso_deaktiviert'
  | 'auth.sso_anderer_mandant'
  | 'auth.sso_fehlgeschlagen'
  | 'auth.sso_nicht_verknuepft'
  | 'auth.sso_anderes_konto'
  | 'auth.sso_adresse_unbestaetigt'
  | 'auth.sso_domain_fremd';

/**
 * The sign-in through a tenant's provider that is being answered (the callback or ACS request): set by the
 * auth plugin around better-auth's handler, read by the session hook and by the provisioning, which record
 * why they refused.
 */
export type SsoAnmeldung = {
  mandantId: string;
  ablehnung?: SsoAblehnung;
  authUserId?: string;
  neu?: boolean;
  /** The user who asked to link the provider (decision 081): the answer goes back to their security page. */
  verknuepfung?: string;
  /** OIDC: the `state` the provider sent back, under which the sign-in's nonce waits (decision 098). */
  state?: string;
  /** SAML: the AuthnContextClassRef values of the response (read by the auth plugin before better-auth). */
  authnContext?: string[];
  /** The provider said the sign-in had more than one factor (decision 097; counted where the tenant trusts it). */
  mehrFaktor?: boolean;
  /** The tenant trusts its provider's multi-factor word (`mfaVertrauen`), read when the session is made. */
  mfaVertrauen?: boolean;
  /** The sign-in continues to the code step (decision 154): the login whose code is asked next. */
  codeSchritt?: { authUserId: string };
};

export const ssoAnmeldung = new AsyncLocalStorage<SsoAnmeldung>();

/** A sign-in through the provider as the two-factor rule counts it (decisions 097, 154). */
export const alsAnmeldung = (anmeldung: SsoAnmeldung): Anmeldung => ({
  art: 'anbieter',
  mehrFaktorGemeldet: anmeldung.mehrFaktor === true,
  anbieterVertraut: anmeldung.mfaVertrauen === true,
});

/**
 * The sign-in through the tenant's provider being answered, for the code step after it (decision 154): how it counts
 * and where its continuation to the code step is noted (the auth plugin then sends the browser to /login's code step).
 */
export const laufendeSsoAnmeldung = ():
  | { anmeldung: Anmeldung; merkeCodeSchritt: (authUserId: string) => void }
  | undefined => {
  const anmeldung = ssoAnmeldung.getStore();
  return anmeldung
    ? {
        anmeldung: alsAnmeldung(anmeldung),
        merkeCodeSchritt: (authUserId) => {
          anmeldung.codeSchritt = { authUserId };
        },
      }
    : undefined;
};

/** better-auth's provider id of a tenant is the tenant's id. */
export const providerIdOf = (mandantId: string) => mandantId;

export const protokollOf = (row: MandantSsoRow | null | undefined): SsoProtokoll | null =>
  row?.protokoll === 'oidc' || row?.protokoll === 'saml' ? row.protokoll : null;
