/**
 * Single sign-on per tenant (issue 11): which ways of signing in a tenant allows, which tenant an address
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

/** What a sign-in through the tenant's provider becomes (decision 082): better-auth's `resolveUser` answer. */
export type SsoAufloesung =
  | { action: 'continue' }
  | { action: 'link'; userId: string }
  | {
      action: 'reject';
      code: 'auth.sso_anderes_konto' | 'auth.sso_anderer_mandant' | 'auth.sso_nicht_verknuepft';
    };

/**
 * Which user a verified identity at the tenant's provider belongs to:
 * - an identity already linked: its owner (a waiting link request of another user is refused);
 * - a waiting link request for the provider's address: the user who asked;
 * - an address of an existing user without an identity there: refused (another tenant's user, or "link first"),
 *   never linked silently (decision 069);
 * - otherwise a new user, created just in time.
 */
export const ssoAufloesung = (lage: {
  /** The better-auth user who asked to link this address, if a request is waiting. */
  angefragt: string | undefined;
  /** The better-auth user the identity is linked to already, if any. */
  besitzer: string | undefined;
  /** The existing user with the provider's address, and their tenant, if any. */
  vorhanden: { mandantId: string | null } | undefined;
  mandantId: string;
}): SsoAufloesung => {
  if (lage.besitzer) {
    return lage.angefragt && lage.angefragt !== lage.besitzer
      ? { action: 'reject', code: 'auth.sso_anderes_konto' }
      : { action: 'continue' };
  }
  if (lage.angefragt) return { action: 'link', userId: lage.angefragt };
  if (!lage.vorhanden) return { action: 'continue' };
  return {
    action: 'reject',
    code:
      lage.vorhanden.mandantId !== null && lage.vorhanden.mandantId !== lage.mandantId
        ? 'auth.sso_anderer_mandant'
        : 'auth.sso_nicht_verknuepft',
  };
};
