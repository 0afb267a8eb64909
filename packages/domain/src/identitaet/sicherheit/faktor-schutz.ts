/**
 * Second factors that cannot be replayed or added behind the user's back (decision 100).
 *
 * - An authenticator-app code (TOTP, RFC 6238) belongs to a time step of 30 s; the server accepts the codes of the
 *   step before, the current one and the next (clock drift). A code signs in once: the last step whose code was
 *   accepted is kept per login, and a code of that step or an earlier one is refused, even inside its window.
 * - Adding a factor (authenticator app, phone, passkey) needs the password; a login without a password (single
 *   sign-on only) needs a sign-in of the last few minutes instead.
 */

/** The TOTP time step in seconds (better-auth's `period`). */
export const TOTP_PERIODE_S = 30;
/** Steps before and after the current one whose codes are accepted (better-auth's `window`). */
export const TOTP_FENSTER = 1;

/** The time step of an instant (ms since the epoch). */
export const totpSchritt = (jetztMs: number, periodeS: number = TOTP_PERIODE_S): number =>
  Math.floor(jetztMs / (periodeS * 1000));

/** The steps whose codes are accepted at this instant, the current one first, then the older, then the newer. */
export const totpSchritteUm = (
  jetztMs: number,
  periodeS: number = TOTP_PERIODE_S,
  fenster: number = TOTP_FENSTER,
): number[] => {
  const jetzt = totpSchritt(jetztMs, periodeS);
  const schritte = [jetzt];
  for (let i = 1; i <= fenster; i++) schritte.push(jetzt - i, jetzt + i);
  return schritte;
};

/** Whether a code of this step may still be used: only steps after the last accepted one. */
export const totpSchrittNeu = (schritt: number, zuletztAngenommen: number | null): boolean =>
  zuletztAngenommen === null || schritt > zuletztAngenommen;

/** How long a password confirmation (or, without a password, a sign-in) allows adding factors. */
export const FAKTOR_BESTAETIGUNG_MS = 5 * 60 * 1000;

export type FaktorHinzufuegen =
  /** Go ahead. */
  | 'erlaubt'
  /** The password must be entered (again). */
  | 'passwort_noetig'
  /** No password to ask for, and the sign-in is too old: sign in again. */
  | 'neu_anmelden';

/**
 * Whether a factor may be added now. With a password: only with the password entered (in the request, or
 * confirmed for this session within the last five minutes). Without one: only within five minutes of signing in.
 */
export const faktorHinzufuegen = ({
  hatPasswort,
  passwortBestaetigtAm,
  angemeldetAm,
  jetzt,
}: {
  hatPasswort: boolean;
  /** When this session last confirmed the password, if ever. */
  passwortBestaetigtAm: Date | null;
  /** When this session was created (the sign-in). */
  angemeldetAm: Date;
  jetzt: Date;
}): FaktorHinzufuegen => {
  const frisch = (am: Date | null) =>
    am !== null && am.getTime() <= jetzt.getTime() && jetzt.getTime() - am.getTime() < FAKTOR_BESTAETIGUNG_MS;
  if (hatPasswort) return frisch(passwortBestaetigtAm) ? 'erlaubt' : 'passwort_noetig';
  return frisch(angemeldetAm) ? 'erlaubt' : 'neu_anmelden';
};
