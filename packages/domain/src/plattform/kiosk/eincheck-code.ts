/**
 * The check-in code a kiosk shows as a QR: it changes every minute and is signed by the server (HMAC), bound to the
 * kiosk, its location and the minute. A signed-in person scans it with their phone and is checked in to their
 * booking at that location through the ordinary check-in (same window and release rules). The signature function
 * is passed in (HMAC-SHA-256 hex with a server secret through node:crypto): this package does no I/O.
 *
 * Form: `k1.<kioskId>.<standortId>.<minute>.<signature>`; `minute` is whole minutes since the epoch (UTC).
 */

export const EINCHECK_CODE = {
  version: 'k1',
  /** A code is shown for one minute; it is still accepted during the next one (a scan at the turn of the minute). */
  gueltigMinuten: 2,
  /** Longer inputs are refused unread. */
  maxLaenge: 300,
} as const;

export type Signierer = (nachricht: string) => string;

export type EincheckCodeInhalt = { kioskId: string; standortId: string; minute: number };

export type EincheckCodePruefung =
  | ({ ok: true; schluessel: string } & EincheckCodeInhalt)
  | { ok: false; grund: 'ungueltig' | 'abgelaufen' | 'anderer_standort' };

const ID = /^[A-Za-z0-9_-]{1,64}$/;

/** The minute (whole minutes since the epoch) an instant falls in. */
export const eincheckMinute = (jetztMs: number): number => Math.floor(jetztMs / 60_000);

/** When the code of a minute stops being accepted (epoch ms). */
export const eincheckCodeEndetAm = (minute: number): number =>
  (minute + EINCHECK_CODE.gueltigMinuten) * 60_000;

const nachrichtVon = ({ kioskId, standortId, minute }: EincheckCodeInhalt): string =>
  `${EINCHECK_CODE.version}.${kioskId}.${standortId}.${minute}`;

/** The code a kiosk shows at `jetztMs`. */
export const erzeugeEincheckCode = (
  kioskId: string,
  standortId: string,
  jetztMs: number,
  signiere: Signierer,
): string => {
  const nachricht = nachrichtVon({ kioskId, standortId, minute: eincheckMinute(jetztMs) });
  return `${nachricht}.${signiere(nachricht)}`;
};

/** Compares two strings in time that depends only on their length (no early exit on the first difference). */
export const gleichKonstanteZeit = (a: string, b: string): boolean => {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
};

/** Reads a code without checking it; null when it has not the code's form. */
export const leseEincheckCode = (code: string): (EincheckCodeInhalt & { signatur: string }) | null => {
  if (code.length === 0 || code.length > EINCHECK_CODE.maxLaenge) return null;
  const teile = code.split('.');
  if (teile.length !== 5) return null;
  const [version, kioskId, standortId, minuteText, signatur] = teile as [
    string,
    string,
    string,
    string,
    string,
  ];
  if (version !== EINCHECK_CODE.version || !ID.test(kioskId) || !ID.test(standortId)) return null;
  if (!/^\d{1,12}$/.test(minuteText) || !/^[0-9a-f]{16,128}$/.test(signatur)) return null;
  return { kioskId, standortId, minute: Number(minuteText), signatur };
};

/**
 * Checks a scanned code at `jetztMs` against the location of the booking to check in to. The signature is checked
 * first (a forged code is `ungueltig` whatever it says), then the minute (`abgelaufen` when older than
 * `gueltigMinuten`, `ungueltig` when from the future), then the location. `schluessel` identifies the code for the
 * server's record of used codes (one use per person and code).
 */
export const pruefeEincheckCode = (
  code: string,
  standortId: string | null,
  jetztMs: number,
  signiere: Signierer,
): EincheckCodePruefung => {
  const gelesen = leseEincheckCode(code.trim());
  if (gelesen === null) return { ok: false, grund: 'ungueltig' };
  const { signatur, ...inhalt } = gelesen;
  if (!gleichKonstanteZeit(signiere(nachrichtVon(inhalt)), signatur))
    return { ok: false, grund: 'ungueltig' };
  const jetzt = eincheckMinute(jetztMs);
  if (inhalt.minute > jetzt) return { ok: false, grund: 'ungueltig' };
  if (jetztMs >= eincheckCodeEndetAm(inhalt.minute)) return { ok: false, grund: 'abgelaufen' };
  if (standortId !== null && inhalt.standortId !== standortId)
    return { ok: false, grund: 'anderer_standort' };
  return { ok: true, ...inhalt, schluessel: `${inhalt.kioskId}.${inhalt.minute}` };
};

/** The catalogue error for each reason a scanned code is refused. */
export const EINCHECK_CODE_FEHLER = {
  ungueltig: 'kiosk.eincheckcode_ungueltig',
  abgelaufen: 'kiosk.eincheckcode_abgelaufen',
  anderer_standort: 'kiosk.eincheckcode_anderer_standort',
} as const satisfies Record<Exclude<EincheckCodePruefung, { ok: true }>['grund'], string>;
