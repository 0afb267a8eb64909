/**
 * Two-factor sign-in policy: the tenant decides in the Customizing option `ZweiFaktorPflicht`
 * (tenant level) whether a second factor is optional, required for administrators or required for everyone.
 * A user who must have one and has none is led to enrolment right after the password and may use nothing
 * else of the app until a factor is confirmed.
 */
import { hasAdminAccess, type PermissionName } from '../../permissions.ts';

export const ZWEI_FAKTOR_PFLICHTEN = ['optional', 'administratoren', 'alle'] as const;
export type ZweiFaktorPflicht = (typeof ZWEI_FAKTOR_PFLICHTEN)[number];
export const DEFAULT_ZWEI_FAKTOR_PFLICHT: ZweiFaktorPflicht = 'optional';

/** The stored setting as a policy; anything unknown (an old or hand-edited value) counts as the default. */
export const parseZweiFaktorPflicht = (value: unknown): ZweiFaktorPflicht =>
  (ZWEI_FAKTOR_PFLICHTEN as readonly unknown[]).includes(value)
    ? (value as ZweiFaktorPflicht)
    : DEFAULT_ZWEI_FAKTOR_PFLICHT;

/**
 * An administrator for the policy "required for administrators": anyone who can open the administration
 * (any right of spec §6's admin list) and the platform administrator.
 */
export const istAdministrator = ({
  permissions,
  isPlatformAdmin,
}: {
  permissions: ReadonlySet<PermissionName>;
  isPlatformAdmin: boolean;
}): boolean => isPlatformAdmin || hasAdminAccess(permissions);

/** Whether the tenant's policy requires this user to sign in with a second factor. */
export const brauchtZweiFaktor = ({
  pflicht,
  administrator,
}: {
  pflicht: ZweiFaktorPflicht;
  administrator: boolean;
}): boolean => pflicht === 'alle' || (pflicht === 'administratoren' && administrator);

/**
 * Whether the user must enrol a factor before using the app: the policy requires one and none is confirmed.
 */
export const mussZweiFaktorEinrichten = (input: {
  pflicht: ZweiFaktorPflicht;
  administrator: boolean;
  eingerichtet: boolean;
}): boolean => brauchtZweiFaktor(input) && !input.eingerichtet;

/**
 * How a sign-in was made, for counting its factors (decision 147): the password; the password followed by the code
 * step (a code from the authenticator app, by SMS or a backup code); a passkey, with or without user verification
 * (the authenticator's UV flag: PIN or biometrics); the tenant's identity provider (OIDC or SAML), which may say the
 * user signed in there with more than one factor (`amr`/`acr`, AuthnContext: `mehrFaktorGemeldet`), a word that counts
 * only where the tenant chose to trust it (`anbieterVertraut`, the tenant's `mfaVertrauen`; decisions 097, 154).
 */
export type Anmeldung =
  | { readonly art: 'passwort' }
  | { readonly art: 'passwort_und_code' }
  | { readonly art: 'passkey'; readonly nutzerVerifiziert: boolean }
  | {
      readonly art: 'anbieter';
      readonly mehrFaktorGemeldet: boolean;
      readonly anbieterVertraut: boolean;
    };

/**
 * How many factors a sign-in counts as: a passkey with user verification is two (the device and the PIN or
 * biometrics); without it only the device, one. The password is one, the password with the code two; the provider's
 * sign-in two only where it says it had more than one factor and the tenant trusts that word, else one (a trusted
 * provider that reports a password only is one factor; an untrusted one is one whatever it reports).
 */
export const faktorenDerAnmeldung = (anmeldung: Anmeldung): 1 | 2 => {
  switch (anmeldung.art) {
    case 'passwort':
      return 1;
    case 'passwort_und_code':
      return 2;
    case 'passkey':
      return anmeldung.nutzerVerifiziert ? 2 : 1;
    case 'anbieter':
      return anmeldung.mehrFaktorGemeldet && anmeldung.anbieterVertraut ? 2 : 1;
  }
};

/** Whether a sign-in counts as two factors (the tenant's two-factor policy is met by the sign-in itself). */
export const zweiFaktorenBeiAnmeldung = (anmeldung: Anmeldung): boolean =>
  faktorenDerAnmeldung(anmeldung) === 2;

/**
 * Whether a sign-in continues to the code step before it gets a session: it counts as one factor and the user has a
 * confirmed second factor (authenticator app or phone). The same step the password leads to; neither a passkey
 * without user verification nor a sign-in through the provider whose multi-factor word is not trusted (or not given)
 * skips it (decisions 147, 154).
 */
export const brauchtCodeSchritt = (
  anmeldung: Anmeldung,
  { eingerichtet }: { eingerichtet: boolean },
): boolean => eingerichtet && faktorenDerAnmeldung(anmeldung) < 2;

/** The sign-in methods a tenant offers: the password always; an authenticator app and its backup codes. */
export type AnmeldeMethode = 'passwort' | 'totp' | 'backup_code';

/**
 * The steps of a user's sign-in: the password, then (with a confirmed factor) a code from the authenticator
 * app or one of the backup codes.
 */
export const anmeldeMethoden = ({ eingerichtet }: { eingerichtet: boolean }): AnmeldeMethode[] =>
  eingerichtet ? ['passwort', 'totp', 'backup_code'] : ['passwort'];

/**
 * API paths a user who must still enrol may call: who they are, the enrolment itself (better-auth under
 * /api/auth, the factors and sessions of /api/sicherheit) and the live event stream. Everything else answers
 * `auth.zwei_faktor_einrichtung_noetig`.
 */
export const vorEinrichtungErlaubt = (path: string): boolean => {
  const pathname = path.split('?')[0] ?? '';
  return (
    pathname === '/api/me' ||
    pathname.startsWith('/api/auth/') ||
    pathname === '/api/sicherheit' ||
    pathname.startsWith('/api/sicherheit/') ||
    pathname === '/api/events' ||
    pathname === '/api/health' ||
    pathname === '/api/impressum'
  );
};
