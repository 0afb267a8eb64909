/**
 * Pairing a kiosk (a wall screen at a location) without a password: the unpaired device shows a short code, an
 * administrator types it in under Administration › Kiosks, and the device receives its own device token. The token
 * is no user session and carries no user rights; the server stores only its hash and rotates it regularly.
 */

export const KIOSK = {
  /** Letters and digits that cannot be confused when read from a screen (no 0/O, 1/I/L, 5/S, 2/Z): 27 signs, so eight of them give about 2.8 · 10¹¹ codes. */
  alphabet: 'ABCDEFGHJKMNPQRTUVWXY346789',
  /** Length of a pairing code (shown as two groups of four). */
  codeLaenge: 8,
  /** A pairing code can be entered this long after the device showed it. */
  kopplungGueltigMs: 10 * 60 * 1000,
  /** A device token is replaced by a new one after this time (the device fetches it on its next contact). */
  tokenRotationMs: 24 * 60 * 60 * 1000,
  /** After a rotation the previous token is still accepted this long, so an answer lost in transit does no harm. */
  tokenUebergangMs: 5 * 60 * 1000,
  /** A device that has not been in contact for this long is shown as "offline" in the admin list. */
  offlineNachMs: 5 * 60 * 1000,
} as const;

/** What the board shows of the people who booked a place. Default: nothing. */
export const KIOSK_NAMENSANZEIGE = ['keine', 'initialen', 'namen'] as const;
export type KioskNamensanzeige = (typeof KIOSK_NAMENSANZEIGE)[number];
export const KIOSK_NAMENSANZEIGE_STANDARD: KioskNamensanzeige = 'keine';

/**
 * A pairing code from random bytes (at least `codeLaenge` of them; the server passes node:crypto's). Each byte picks
 * one sign; bytes beyond the largest multiple of the alphabet's length are skipped, so no sign is more likely.
 * Returns null when the bytes did not suffice (the caller draws again).
 */
export const erzeugeKopplungsCode = (zufall: Uint8Array): string | null => {
  const n = KIOSK.alphabet.length;
  const grenze = 256 - (256 % n);
  let code = '';
  for (const byte of zufall) {
    if (byte >= grenze) continue;
    code += KIOSK.alphabet[byte % n];
    if (code.length === KIOSK.codeLaenge) return code;
  }
  return null;
};

/** The code as the device shows it: `ABCD-EFGH`. */
export const formatiereKopplungsCode = (code: string): string => `${code.slice(0, 4)}-${code.slice(4)}`;

/**
 * What an administrator typed, normalised: upper case, spaces and hyphens removed. Null when it cannot be a code
 * (wrong length or a sign outside the alphabet), so the server refuses it without a lookup.
 */
export const normalisiereKopplungsCode = (eingabe: string): string | null => {
  const code = eingabe.toUpperCase().replace(/[\s-]/g, '');
  if (code.length !== KIOSK.codeLaenge) return null;
  for (const zeichen of code) if (!KIOSK.alphabet.includes(zeichen)) return null;
  return code;
};

/** Whether a pairing code shown at `erstelltAm` can still be entered at `jetzt` (both epoch ms). */
export const kopplungsCodeGueltig = (erstelltAm: number, jetzt: number): boolean =>
  jetzt >= erstelltAm && jetzt - erstelltAm < KIOSK.kopplungGueltigMs;

/** Whether a device token issued at `ausgestelltAm` is due for replacement at `jetzt`. */
export const tokenFaellig = (ausgestelltAm: number, jetzt: number): boolean =>
  jetzt - ausgestelltAm >= KIOSK.tokenRotationMs;

/** Whether the previous token, replaced at `ersetztAm`, is still accepted at `jetzt`. */
export const vorigerTokenGilt = (ersetztAm: number, jetzt: number): boolean =>
  jetzt >= ersetztAm && jetzt - ersetztAm < KIOSK.tokenUebergangMs;

/** Whether a device last in contact at `letzterKontakt` counts as online at `jetzt`. */
export const kioskOnline = (letzterKontakt: number | null, jetzt: number): boolean =>
  letzterKontakt !== null && jetzt - letzterKontakt < KIOSK.offlineNachMs;

/**
 * The name the board shows for a booking, by the kiosk's setting: nothing (default), the initials (`A. B.`) or
 * the full name. Personal data leaves the server only when the setting allows it.
 */
export const kioskAnzeigeName = (
  vorname: string,
  nachname: string,
  modus: KioskNamensanzeige,
): string | null => {
  if (modus === 'keine') return null;
  const v = vorname.trim();
  const n = nachname.trim();
  if (modus === 'namen') return [v, n].filter((t) => t !== '').join(' ') || null;
  const initialen = [v, n].filter((t) => t !== '').map((t) => `${[...t][0]?.toUpperCase()}.`);
  return initialen.length > 0 ? initialen.join(' ') : null;
};

/** Errors of pairing: one text for an unknown, used or expired code (no hint which), one for a dead device token. */
export const KOPPLUNG_FEHLER = {
  codeUngueltig: 'kiosk.kopplungscode_ungueltig',
  nichtGekoppelt: 'kiosk.nicht_gekoppelt',
} as const;
