/**
 * The exact reading in words (decision 190): resource, location, day and time in Berlin, whole day or hours, in the
 * request's language. Pure; the chat panel shows it before it asks for confirmation.
 */
import type { Language } from '../language.ts';
import type { Lesung } from './verstehen.ts';

const RESSOURCE: Record<Language, Partial<Record<Lesung['absicht'], string>>> = {
  de: { fahrzeug_buchen: 'Fahrzeug buchen', platz_buchen: 'Platz buchen', spind_buchen: 'Spind buchen' },
  en: { fahrzeug_buchen: 'Book a vehicle', platz_buchen: 'Book a desk', spind_buchen: 'Book a locker' },
};

const format = (sprache: Language, iso: string, mitZeit: boolean): string =>
  new Intl.DateTimeFormat(sprache === 'de' ? 'de-DE' : 'en-GB', {
    timeZone: 'Europe/Berlin',
    weekday: 'long',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    ...(mitZeit ? { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' as const } : {}),
  }).format(new Date(iso));

export const zusammenfassung = (lesung: Lesung, sprache: Language): string => {
  if (lesung.rueckfrage) return lesung.rueckfrage;
  const was = RESSOURCE[sprache][lesung.absicht];
  if (!was || !lesung.von) {
    return sprache === 'de'
      ? 'Das kann ich hier noch nicht ausführen. Bitte nutzen Sie die Seiten der App.'
      : 'I cannot do that here yet. Please use the pages of the app.';
  }
  const teile = [was];
  if (lesung.standort) teile.push(lesung.standort);
  if (lesung.ganztags) {
    teile.push(`${format(sprache, lesung.von, false)}, ${sprache === 'de' ? 'ganztags' : 'all day'}`);
  } else {
    const tag = format(sprache, lesung.von, false);
    const uhr = (iso: string) => format(sprache, iso, true).slice(-5);
    const gleicherTag = lesung.bis !== null && format(sprache, lesung.bis, false) === tag;
    const ende = lesung.bis
      ? gleicherTag
        ? `–${uhr(lesung.bis)}`
        : ` – ${format(sprache, lesung.bis, true)}`
      : '';
    const ab = lesung.bis ? '' : sprache === 'de' ? 'ab ' : 'from ';
    teile.push(`${tag}, ${ab}${uhr(lesung.von)}${ende}${sprache === 'de' ? ' Uhr' : ''}`);
  }
  return `${teile.join(', ')} ${sprache === 'de' ? '(Zeit in Berlin)' : '(Berlin time)'}`;
};
