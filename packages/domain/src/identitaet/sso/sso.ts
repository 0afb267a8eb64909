/**
 * Single sign-on per tenant: which ways of signing in a tenant allows, which tenant an address
 * belongs to, and how the groups a provider sends are mapped to the tenant's groups. Pure rules; the server
 * reads the configuration and the provider's claims.
 */

export const SSO_PROTOKOLLE = ['oidc', 'saml'] as const;
export type SsoProtokoll = (typeof SSO_PROTOKOLLE)[number];

/** Scopes asked from an OIDC provider when the administrator names none. */
export const DEFAULT_OIDC_SCOPES = ['openid', 'email', 'profile'] as const;
/** The claim (OIDC) or attribute (SAML) that carries the groups when the administrator names none. */
export const DEFAULT_GRUPPEN_CLAIM = 'groups';

/** The tenant's sign-in configuration as far as the choice of method is concerned. */
export type AnmeldeKonfiguration = {
  /** The protocol of the configured provider, or null without one. */
  sso: SsoProtokoll | null;
  /** Whether password sign-in is allowed (a tenant setting, default on). */
  passwortErlaubt: boolean;
};

export type AnmeldeMethoden = {
  /** The tenant's provider is offered (and, without a password, the only way). */
  sso: SsoProtokoll | null;
  /** The password form is offered and accepted. */
  passwort: boolean;
};

/**
 * Which ways of signing in a tenant allows. Password sign-in can be switched off only while a provider is
 * configured: a tenant without a provider and without passwords would lock everyone out, so the switch is
 * ignored then.
 */
export const anmeldeMethoden = (konfiguration: AnmeldeKonfiguration | null): AnmeldeMethoden => {
  if (!konfiguration || konfiguration.sso === null) return { sso: null, passwort: true };
  return { sso: konfiguration.sso, passwort: konfiguration.passwortErlaubt };
};

/** The domain part of an e-mail address, lower case, or null for something that is not an address. */
export const domainOfEmail = (email: string): string | null => {
  const trimmed = email.trim().toLowerCase();
  const at = trimmed.lastIndexOf('@');
  if (at <= 0 || at === trimmed.length - 1) return null;
  const domain = trimmed.slice(at + 1);
  return /^[a-z0-9.-]+$/.test(domain) && !domain.startsWith('.') && !domain.endsWith('.') ? domain : null;
};

/**
 * The values of a groups claim as a list of names: an array of strings, one string (SAML single value), or a
 * comma-separated string (some providers); anything else is no groups. Blank names are dropped.
 */
export const gruppenNamenAusClaim = (value: unknown): string[] => {
  const raw = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [];
  const names = raw.filter((v): v is string => typeof v === 'string').map((v) => v.trim());
  return [...new Set(names.filter((n) => n.length > 0))];
};

export type GruppeRef = { id: string; name: string };

/**
 * The tenant's groups a provider's claims put the user in: each claim value names a group of the tenant
 * (compared without regard to case and surrounding blanks); unknown names are ignored, the tenant's groups
 * are never created from claims. Returns the group ids, sorted by name.
 */
export const gruppenAusClaims = (
  claims: Record<string, unknown>,
  gruppenClaim: string,
  gruppen: readonly GruppeRef[],
): string[] => {
  const wanted = new Set(gruppenNamenAusClaim(claims[gruppenClaim]).map((n) => n.toLowerCase()));
  return gruppen
    .filter((g) => wanted.has(g.name.trim().toLowerCase()))
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((g) => g.id);
};

/**
 * Given and family name from the provider's claims: `given_name`/`family_name` (OIDC) or
 * `firstName`/`lastName` (SAML mapping) when present, otherwise the full name split at its last blank,
 * otherwise the local part of the address as the family name.
 */
export const namenAusClaims = (
  claims: Record<string, unknown>,
  email: string,
): { vorname: string; nachname: string } => {
  const text = (key: string) => {
    const v = claims[key];
    return typeof v === 'string' ? v.trim() : '';
  };
  const vorname = text('given_name') || text('firstName');
  const nachname = text('family_name') || text('lastName');
  if (vorname || nachname) return { vorname, nachname };
  const name = text('name');
  if (name && name !== email) {
    const cut = name.lastIndexOf(' ');
    return cut > 0
      ? { vorname: name.slice(0, cut).trim(), nachname: name.slice(cut + 1).trim() }
      : { vorname: '', nachname: name };
  }
  return { vorname: '', nachname: email.split('@')[0] ?? email };
};

/** What a sign-in through the tenant's provider becomes (decisions 082, 095): better-auth's `resolveUser` answer. */
export type SsoAufloesung =
  | { action: 'continue' }
  | { action: 'link'; userId: string }
  | {
      action: 'reject';
      code:
        | 'auth.sso_anderes_konto'
        | 'auth.sso_anderer_mandant'
        | 'auth.sso_nicht_verknuepft'
        | 'auth.sso_adresse_unbestaetigt'
        | 'auth.sso_domain_fremd';
    };

/**
 * Whether the provider vouches for the address it names: `true` when it says so (OIDC `email_verified: true`,
 * or Entra ID's `xms_edov: true`, "the domain owner verified it"), `false` when it says the opposite, `null`
 * when it says nothing. A SAML assertion signed by the tenant's IdP vouches for its address unless an
 * `email_verified` attribute says otherwise (SAML has no standard claim for it).
 */
export const adresseBestaetigt = (
  protokoll: SsoProtokoll,
  claims: Record<string, unknown>,
): boolean | null => {
  const wert = (v: unknown): boolean | null => {
    const x = Array.isArray(v) ? v[0] : v;
    if (x === true || (typeof x === 'string' && x.trim().toLowerCase() === 'true')) return true;
    if (x === false || (typeof x === 'string' && x.trim().toLowerCase() === 'false')) return false;
    return null;
  };
  const email = wert(claims.email_verified);
  if (email === false) return false;
  if (email === true || wert(claims.xms_edov) === true) return true;
  return protokoll === 'saml' ? true : null;
};

/** The existing user a sign-in may be matched to (a better-auth user with its tenant). */
export type SsoKandidat = {
  authUserId: string;
  /** The user's tenant; null for a login without a user (never matched). */
  mandantId: string | null;
  /** Whether the user already has an identity at this provider (another subject). */
  hatIdentitaet: boolean;
};

/**
 * Which user a verified identity at the tenant's provider belongs to (decision 095), in this order:
 * 0. a provider that says the address is **not** verified (`email_verified: false`) is refused, whatever follows;
 * 1. an identity already linked (provider + subject): its owner (a waiting link request of another user is
 *    refused);
 * 2. a waiting link request (security page) for the provider's address: the user who asked;
 * 3. the user of this tenant whose provisioning (SCIM) `externalId` is the subject the provider names (OIDC `sub`
 *    or Entra ID's `oid`, SAML NameID): linked;
 * 4. an existing user with the provider's address: linked only when the provider vouches for the address, the
 *    user belongs to this tenant and has no other identity at this provider; another tenant's user is refused as
 *    such, otherwise "link it by hand first";
 * 5. nobody: created just in time, only with a vouched-for address in one of the tenant's domains.
 */
export const ssoAufloesung = (lage: {
  /** The better-auth user who asked to link this address, if a request is waiting. */
  angefragt: string | undefined;
  /** The better-auth user the identity is linked to already, if any. */
  besitzer: string | undefined;
  /** The user of this tenant provisioned with the provider's subject as `externalId`, if any. */
  provisioniert?: SsoKandidat | undefined;
  /** The existing user with the provider's address, and their tenant, if any. */
  vorhanden: SsoKandidat | { mandantId: string | null } | undefined;
  mandantId: string;
  /** Whether the provider vouches for the address (`adresseBestaetigt`); older callers: vouched for. */
  bestaetigt?: boolean | null;
  /** Whether the address's domain is one of the tenant's domains (for just-in-time creation). */
  eigeneDomain?: boolean;
}): SsoAufloesung => {
  const bestaetigt = lage.bestaetigt === undefined ? true : lage.bestaetigt;
  if (bestaetigt === false) return { action: 'reject', code: 'auth.sso_adresse_unbestaetigt' };
  if (lage.besitzer) {
    return lage.angefragt && lage.angefragt !== lage.besitzer
      ? { action: 'reject', code: 'auth.sso_anderes_konto' }
      : { action: 'continue' };
  }
  if (lage.angefragt) return { action: 'link', userId: lage.angefragt };
  const p = lage.provisioniert;
  if (p && p.mandantId === lage.mandantId && !p.hatIdentitaet)
    return { action: 'link', userId: p.authUserId };
  const v = lage.vorhanden;
  if (v) {
    if (v.mandantId !== null && v.mandantId !== lage.mandantId)
      return { action: 'reject', code: 'auth.sso_anderer_mandant' };
    if ('authUserId' in v && v.mandantId === lage.mandantId && !v.hatIdentitaet && bestaetigt === true)
      return { action: 'link', userId: v.authUserId };
    return { action: 'reject', code: 'auth.sso_nicht_verknuepft' };
  }
  if (bestaetigt !== true) return { action: 'reject', code: 'auth.sso_adresse_unbestaetigt' };
  if (lage.eigeneDomain === false) return { action: 'reject', code: 'auth.sso_domain_fremd' };
  return { action: 'continue' };
};

/** OIDC `amr` values (RFC 8176) that name more than one factor by themselves. */
const MFA_AMR = new Set(['mfa']);
/** OIDC `acr` values of multi-factor sign-ins (OpenID PAPE, Okta, Entra ID's "possession or inherence"). */
const MFA_ACR = new Set([
  'http://schemas.openid.net/pape/policies/2007/06/multi-factor',
  'http://schemas.openid.net/pape/policies/2007/06/multi-factor-physical',
  'urn:okta:loa:2fa:any',
  'urn:okta:loa:2fa:any:ifpossible',
  'phr',
  'phrh',
  'possessionorinherence',
]);
/** SAML AuthnContextClassRef values (and Entra ID's `authnmethodsreferences` attribute) of multi-factor sign-ins. */
const MFA_SAML = new Set([
  'http://schemas.microsoft.com/claims/multipleauthn',
  'urn:oasis:names:tc:saml:2.0:ac:classes:mobiletwofactorcontract',
  'urn:oasis:names:tc:saml:2.0:ac:classes:mobiletwofactorunregistered',
  'urn:oasis:names:tc:saml:2.0:ac:classes:timesynctoken',
  'urn:oasis:names:tc:saml:2.0:ac:classes:smartcardpki',
  'https://refeds.org/profile/mfa',
]);
const ENTRA_AMR_ATTRIBUT = 'http://schemas.microsoft.com/claims/authnmethodsreferences';

const alsListe = (value: unknown): string[] =>
  (Array.isArray(value) ? value : typeof value === 'string' ? [value] : [])
    .filter((v): v is string => typeof v === 'string')
    .map((v) => v.trim().toLowerCase());

/**
 * Whether the provider says the sign-in had more than one factor (decision 097): OIDC `amr` contains `mfa`, or
 * `acr` is a multi-factor level; SAML's AuthnContextClassRef (or Entra ID's `authnmethodsreferences` attribute)
 * is a multi-factor class. Only counted where the tenant chose to trust it.
 */
export const mehrFaktorVomAnbieter = (
  protokoll: SsoProtokoll,
  angaben: { claims: Record<string, unknown>; authnContext?: readonly string[] },
): boolean => {
  if (protokoll === 'oidc') {
    return (
      alsListe(angaben.claims.amr).some((a) => MFA_AMR.has(a)) ||
      alsListe(angaben.claims.acr).some((a) => MFA_ACR.has(a))
    );
  }
  return [...alsListe(angaben.authnContext ?? []), ...alsListe(angaben.claims[ENTRA_AMR_ATTRIBUT])].some(
    (c) => MFA_SAML.has(c),
  );
};

/**
 * Whether an address may belong to a user of a tenant with these domains (decision 096): its domain is one of
 * them (compared without case). No tenant creates users in another's domains, so none can claim another's
 * addresses; a tenant without domains creates none through the administration, import, SCIM or single sign-on.
 */
export const adresseInDomains = (email: string, domains: readonly string[]): boolean => {
  const domain = domainOfEmail(email);
  return domain !== null && domains.some((d) => d.trim().toLowerCase() === domain);
};
