/**
 * The assistant's words about the caller's lockers (decision 249): 'wo ist mein Spind?' and a day locker booked.
 * Pure; the PIN is named only when the caller's 'Mein Spind' shows it (on the booking's day, lockers with a PIN).
 */
import type { Language } from '../language.ts';

export type AssistentSpind = {
  nummer: string;
  bank: string;
  von: string;
  bis: string;
  pin: string | null;
};

const tag = (iso: string, sprache: Language) =>
  new Intl.DateTimeFormat(sprache === 'de' ? 'de-DE' : 'en-GB', {
    timeZone: 'Europe/Berlin',
    weekday: 'long',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).format(new Date(iso));

/** One locker in words: number, bank, day (or days) and the PIN where shown. */
export const spindText = (s: AssistentSpind, sprache: Language): string => {
  const erster = tag(s.von, sprache);
  const letzter = tag(new Date(new Date(s.bis).getTime() - 1).toISOString(), sprache);
  const tage = erster === letzter ? erster : `${erster} – ${letzter}`;
  const pin = s.pin ? (sprache === 'de' ? `, PIN ${s.pin}` : `, PIN ${s.pin}`) : '';
  return sprache === 'de'
    ? `Spind ${s.nummer} in „${s.bank}“, ${tage}${pin}`
    : `Locker ${s.nummer} in “${s.bank}”, ${tage}${pin}`;
};

/** The answer to 'wo ist mein Spind?': the caller's current and coming lockers, or that there is none. */
export const meineSpindeText = (spinde: readonly AssistentSpind[], sprache: Language): string => {
  if (spinde.length === 0)
    return sprache === 'de'
      ? 'Sie haben zurzeit keinen Spind gebucht.'
      : 'You have no locker booked at the moment.';
  const kopf = sprache === 'de' ? 'Ihre Spinde:' : 'Your lockers:';
  return [kopf, ...spinde.map((s) => `- ${spindText(s, sprache)}`)].join('\n');
};

/** A day locker booked (or to book, in a dry run). */
export const spindGebuchtText = (
  s: Pick<AssistentSpind, 'nummer' | 'bank'>,
  standort: string,
  zeitraum: string,
  gebucht: boolean,
  sprache: Language,
): string =>
  sprache === 'de'
    ? `${gebucht ? 'Gebucht' : 'Spind buchen'}: Spind ${s.nummer} in „${s.bank}“, ${standort}, ${zeitraum}`
    : `${gebucht ? 'Booked' : 'Book a locker'}: locker ${s.nummer} in “${s.bank}”, ${standort}, ${zeitraum}`;
