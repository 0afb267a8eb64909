/**
 * A booking as its owning module hands it to the calendar (language-free facts), and how it becomes a calendar
 * entry in the reader's language: title (what and where), place, description, the SEQUENCE's fingerprint.
 */
import { createHash } from 'node:crypto';
import type { Language } from '@stellwerk/domain/language';
import { formatTimeDE } from '@stellwerk/domain/time';
import type { KalenderArt, KalenderEintrag, KalenderStatus } from './kalender.ics.ts';

export type KalenderBuchung = {
  art: KalenderArt;
  buchungId: string;
  von: Date;
  bis: Date;
  status: KalenderStatus;
  /** a car's number plate ('MS-SW 101'), a place's name ('Platz 12') */
  ressource: string;
  /** a car's make and model; none for a place */
  detail: string | null;
  /** a car's location (where it is picked up), a place's floor plan */
  ort: string;
  /** the last change of the booking */
  geaendert: Date;
  /** the user's bookings in the app, a path ('/fahrzeuge', '/leseraum/liste') */
  pfad: string;
};

/** How long before a car's return time its calendar entry reminds (VALARM). */
export const RUECKGABE_ERINNERUNG_MINUTEN = 15;

/**
 * What a calendar shows of a booking, without the reader's language: a change of any of it raises the SEQUENCE
 * (decision 168).
 */
export const fingerabdruck = (b: KalenderBuchung): string =>
  createHash('sha256')
    .update(
      [b.von.toISOString(), b.bis.toISOString(), b.status, b.ressource, b.detail ?? '', b.ort].join('\n'),
    )
    .digest('hex')
    .slice(0, 32);

const TEXTE = {
  de: {
    fahrzeugTitel: (b: KalenderBuchung) => `Pool-Auto ${b.ressource}, Standort ${b.ort}`,
    fahrzeugText: (b: KalenderBuchung) =>
      `Fahrzeugbuchung: ${b.detail ?? ''} (${b.ressource}). Abholung am Standort ${b.ort}, Rückgabe bis ${formatTimeDE(b.bis)} Uhr.`,
    fahrzeugOrt: (b: KalenderBuchung) => `Standort ${b.ort}`,
    erinnerung: (b: KalenderBuchung) =>
      `Rückgabe von ${b.ressource} in ${RUECKGABE_ERINNERUNG_MINUTEN} Minuten (${formatTimeDE(b.bis)} Uhr)`,
    platzTitel: (b: KalenderBuchung) => `${b.ressource}, ${b.ort}`,
    platzText: (b: KalenderBuchung) => `Platzbuchung: ${b.ressource} (${b.ort}).`,
    verwalten: 'Ihre Buchungen',
    storniert: 'Storniert.',
  },
  en: {
    fahrzeugTitel: (b: KalenderBuchung) => `Pool car ${b.ressource}, location ${b.ort}`,
    fahrzeugText: (b: KalenderBuchung) =>
      `Vehicle booking: ${b.detail ?? ''} (${b.ressource}). Pick-up at location ${b.ort}, return by ${formatTimeDE(b.bis)}.`,
    fahrzeugOrt: (b: KalenderBuchung) => `Location ${b.ort}`,
    erinnerung: (b: KalenderBuchung) =>
      `Return ${b.ressource} in ${RUECKGABE_ERINNERUNG_MINUTEN} minutes (${formatTimeDE(b.bis)})`,
    platzTitel: (b: KalenderBuchung) => `${b.ressource}, ${b.ort}`,
    platzText: (b: KalenderBuchung) => `Place booking: ${b.ressource} (${b.ort}).`,
    verwalten: 'Your bookings',
    storniert: 'Cancelled.',
  },
} satisfies Record<Language, unknown>;

/** The calendar entry of a booking in `language`, with its SEQUENCE. Nothing about other people goes into it. */
export const eintragAus = (
  b: KalenderBuchung,
  { language, sequenz, publicUrl }: { language: Language; sequenz: number; publicUrl: string },
): KalenderEintrag => {
  const t = TEXTE[language];
  const url = `${publicUrl}${b.pfad}`;
  const auto = b.art === 'fahrzeug';
  const text = auto ? t.fahrzeugText(b) : t.platzText(b);
  return {
    art: b.art,
    buchungId: b.buchungId,
    von: b.von,
    bis: b.bis,
    status: b.status,
    titel: auto ? t.fahrzeugTitel(b) : t.platzTitel(b),
    ort: auto ? t.fahrzeugOrt(b) : b.ort,
    beschreibung: [b.status === 'CANCELLED' ? t.storniert : '', text, `${t.verwalten}: ${url}`]
      .filter(Boolean)
      .join('\n'),
    url,
    sequenz,
    geaendert: b.geaendert,
    ...(auto
      ? { erinnerungVorEndeMinuten: RUECKGABE_ERINNERUNG_MINUTEN, erinnerungText: t.erinnerung(b) }
      : {}),
  };
};
