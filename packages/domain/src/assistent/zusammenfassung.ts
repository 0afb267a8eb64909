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
  const von = lesung.von;
  if (!was || !von) {
    return sprache === 'de'
      ? 'Das kann ich hier noch nicht ausführen. Bitte nutzen Sie die Seiten der App.'
      : 'I cannot do that here yet. Please use the pages of the app.';
  }
  const teile = [was];
  if (lesung.standort) teile.push(lesung.standort);
  teile.push(zeitraumText({ ...lesung, von }, sprache));
  return teile.join(', ');
};

/** A Berlin period in words: the day and 'ganztags', or the day and hours, with '(Zeit in Berlin)'. */
export const zeitraumText = (
  p: { von: string; bis: string | null; ganztags: boolean },
  sprache: Language,
): string => {
  const berlin = sprache === 'de' ? '(Zeit in Berlin)' : '(Berlin time)';
  if (p.ganztags) {
    const letzter = p.bis ? new Date(new Date(p.bis).getTime() - 1).toISOString() : p.von;
    const erster = format(sprache, p.von, false);
    const bisTag = format(sprache, letzter, false);
    const tage = bisTag === erster ? erster : `${erster} – ${bisTag}`;
    return `${tage}, ${sprache === 'de' ? 'ganztags' : 'all day'} ${berlin}`;
  }
  const tag = format(sprache, p.von, false);
  const uhr = (iso: string) => format(sprache, iso, true).slice(-5);
  const gleicherTag = p.bis !== null && format(sprache, p.bis, false) === tag;
  const ende = p.bis ? (gleicherTag ? `–${uhr(p.bis)}` : ` – ${format(sprache, p.bis, true)}`) : '';
  const ab = p.bis ? '' : sprache === 'de' ? 'ab ' : 'from ';
  return `${tag}, ${ab}${uhr(p.von)}${ende}${sprache === 'de' ? ' Uhr' : ''} ${berlin}`;
};
