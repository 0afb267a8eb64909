/**
 * Linked identities (spec §7 "identities", decision 081): the ways a user can sign in (password,
 * the tenant's identity provider through OIDC or SAML, passkeys), which of them work now, and which one may
 * be unlinked: never the last that works.
 */

export const IDENTITAET_ARTEN = ['passwort', 'oidc', 'saml', 'passkey'] as const;
export type IdentitaetArt = (typeof IDENTITAET_ARTEN)[number];

export type Identitaet = {
  id: string;
  art: IdentitaetArt;
  /** For `oidc` and `saml`: better-auth's provider id (= the tenant's id, decision 069). */
  providerId?: string | null;
};

/** What the tenant allows now: the password (unless switched off) and its configured provider, if any. */
export type AnmeldeKontext = {
  passwortErlaubt: boolean;
  /** The provider id of the tenant's configured identity provider; null without one. */
  ssoProviderId: string | null;
};

/**
 * Whether an identity signs the user in today: the password only where the tenant allows it, an identity at
 * a provider only while that provider is the tenant's configured one, a passkey always.
 */
export const istNutzbar = (identitaet: Identitaet, kontext: AnmeldeKontext): boolean => {
  switch (identitaet.art) {
    case 'passwort':
      return kontext.passwortErlaubt;
    case 'oidc':
    case 'saml':
      return kontext.ssoProviderId !== null && identitaet.providerId === kontext.ssoProviderId;
    case 'passkey':
      return true;
  }
};

/**
 * Whether the identity `id` may be unlinked: another identity that works must remain, so that nobody removes
 * their last way to sign in. An unknown id is not removable.
 */
export const istEntfernbar = (
  identitaeten: readonly Identitaet[],
  id: string,
  kontext: AnmeldeKontext,
): boolean =>
  identitaeten.some((i) => i.id === id) && identitaeten.some((i) => i.id !== id && istNutzbar(i, kontext));

/**
 * Whether the user may start linking the tenant's provider: the tenant has one and the user has no identity
 * at it yet.
 */
export const ssoVerknuepfbar = (identitaeten: readonly Identitaet[], kontext: AnmeldeKontext): boolean =>
  kontext.ssoProviderId !== null &&
  !identitaeten.some((i) => (i.art === 'oidc' || i.art === 'saml') && i.providerId === kontext.ssoProviderId);

/** Whether the user may set a password: the tenant allows it and the user has none. */
export const passwortSetzbar = (identitaeten: readonly Identitaet[], kontext: AnmeldeKontext): boolean =>
  kontext.passwortErlaubt && !identitaeten.some((i) => i.art === 'passwort');
