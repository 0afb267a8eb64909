/**
 * The iCalendar writer (RFC 5545, with ical.js): one VEVENT per booking, times in Europe/Berlin with the zone's
 * VTIMEZONE, a UID that never changes for a booking and the SEQUENCE the caller keeps (decision 168). Used for
 * the personal feed (no METHOD) and for the invitations mails carry (METHOD:REQUEST, METHOD:CANCEL, RFC 5546).
 * Pure: no clock, no database.
 */
import { tzOffset } from '@date-fns/tz';
import ICAL from 'ical.js';

export const KALENDER_ZEITZONE = 'Europe/Berlin';

/** What kind of booking an entry is; part of its UID. */
export type KalenderArt = 'fahrzeug' | 'platz';

/** RFC 5545 STATUS of an event. */
export type KalenderStatus = 'TENTATIVE' | 'CONFIRMED' | 'CANCELLED';

/** One booking as a calendar shows it, already in the reader's language. */
export type KalenderEintrag = {
  art: KalenderArt;
  buchungId: string;
  von: Date;
  bis: Date;
  status: KalenderStatus;
  /** SUMMARY: what and where, e.g. 'Pool-Auto MS-SW 101, Standort Nord' */
  titel: string;
  /** LOCATION: the pickup location of a car, the plan of a place */
  ort: string | null;
  beschreibung: string;
  /** the user's bookings in the app */
  url: string;
  /** the SEQUENCE (0 for the first version) */
  sequenz: number;
  /** LAST-MODIFIED: the last change of the booking */
  geaendert: Date;
  /** a VALARM this many minutes before the end (a car's return time) */
  erinnerungVorEndeMinuten?: number;
  /** its text */
  erinnerungText?: string;
};

/** The stable UID of a booking: the same in every feed and every invitation, whatever changes. */
export const kalenderUid = (art: KalenderArt, buchungId: string) => `${art}-buchung-${buchungId}@stellwerk`;

/** Who sends invitations (ORGANIZER); the same address as the mails' sender. */
export const KALENDER_ORGANISATOR = { name: 'Stellwerk', mail: 'noreply@stellwerk.localdomain' };

/** Europe/Berlin as a VTIMEZONE with its rules since 1996 (last Sundays of March and October). */
const BERLIN_VTIMEZONE = [
  'BEGIN:VTIMEZONE',
  'TZID:Europe/Berlin',
  'BEGIN:DAYLIGHT',
  'TZOFFSETFROM:+0100',
  'TZOFFSETTO:+0200',
  'TZNAME:CEST',
  'DTSTART:19700329T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU',
  'END:DAYLIGHT',
  'BEGIN:STANDARD',
  'TZOFFSETFROM:+0200',
  'TZOFFSETTO:+0100',
  'TZNAME:CET',
  'DTSTART:19701025T030000',
  'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU',
  'END:STANDARD',
  'END:VTIMEZONE',
].join('\r\n');

/** The Berlin wall-clock time of an instant, as a DATE-TIME without zone (the TZID parameter names it). */
const berlinZeit = (d: Date): ICAL.Time => {
  const wall = new Date(d.getTime() + tzOffset(KALENDER_ZEITZONE, d) * 60_000);
  return ICAL.Time.fromData({
    year: wall.getUTCFullYear(),
    month: wall.getUTCMonth() + 1,
    day: wall.getUTCDate(),
    hour: wall.getUTCHours(),
    minute: wall.getUTCMinutes(),
    second: wall.getUTCSeconds(),
    isDate: false,
  });
};

const utcZeit = (d: Date): ICAL.Time =>
  ICAL.Time.fromJSDate(new Date(Math.floor(d.getTime() / 1000) * 1000), true);

const berlinProperty = (name: 'dtstart' | 'dtend', d: Date) => {
  const prop = new ICAL.Property(name);
  prop.setParameter('tzid', KALENDER_ZEITZONE);
  prop.setValue(berlinZeit(d));
  return prop;
};

const vevent = (
  e: KalenderEintrag,
  { jetzt, empfaenger }: { jetzt: Date; empfaenger?: string },
): ICAL.Component => {
  const ev = new ICAL.Component('vevent');
  ev.addPropertyWithValue('uid', kalenderUid(e.art, e.buchungId));
  ev.addPropertyWithValue('dtstamp', utcZeit(jetzt));
  ev.addProperty(berlinProperty('dtstart', e.von));
  ev.addProperty(berlinProperty('dtend', e.bis));
  ev.addPropertyWithValue('sequence', e.sequenz);
  ev.addPropertyWithValue('status', e.status);
  ev.addPropertyWithValue('summary', e.titel);
  if (e.ort) ev.addPropertyWithValue('location', e.ort);
  ev.addPropertyWithValue('description', e.beschreibung);
  ev.addPropertyWithValue('url', e.url);
  ev.addPropertyWithValue('last-modified', utcZeit(e.geaendert));
  ev.addPropertyWithValue('transp', e.status === 'CANCELLED' ? 'TRANSPARENT' : 'OPAQUE');
  ev.addPropertyWithValue('class', 'PRIVATE');
  if (empfaenger) {
    const organizer = new ICAL.Property('organizer');
    organizer.setParameter('cn', KALENDER_ORGANISATOR.name);
    organizer.setValue(`mailto:${KALENDER_ORGANISATOR.mail}`);
    ev.addProperty(organizer);
    const attendee = new ICAL.Property('attendee');
    attendee.setParameter('role', 'REQ-PARTICIPANT');
    attendee.setParameter('partstat', e.status === 'CANCELLED' ? 'DECLINED' : 'ACCEPTED');
    attendee.setParameter('rsvp', 'FALSE');
    attendee.setValue(`mailto:${empfaenger}`);
    ev.addProperty(attendee);
  }
  if (e.erinnerungVorEndeMinuten !== undefined && e.status !== 'CANCELLED') {
    const alarm = new ICAL.Component('valarm');
    alarm.addPropertyWithValue('action', 'DISPLAY');
    alarm.addPropertyWithValue('description', e.erinnerungText ?? e.titel);
    const trigger = new ICAL.Property('trigger');
    trigger.setParameter('related', 'END');
    trigger.setValue(ICAL.Duration.fromSeconds(-e.erinnerungVorEndeMinuten * 60));
    alarm.addProperty(trigger);
    ev.addSubcomponent(alarm);
  }
  return ev;
};

export type KalenderMethode = 'REQUEST' | 'CANCEL';

/**
 * A VCALENDAR with the Berlin VTIMEZONE and one VEVENT per entry. With `methode` it is an invitation (RFC 5546) to
 * `empfaenger`: ORGANIZER and ATTENDEE are set, a CANCEL marks the event CANCELLED. Lines end with CRLF.
 */
export const kalenderIcs = ({
  eintraege,
  jetzt,
  methode,
  empfaenger,
  name,
}: {
  eintraege: readonly KalenderEintrag[];
  jetzt: Date;
  methode?: KalenderMethode;
  empfaenger?: string;
  /** the calendar's name (X-WR-CALNAME), for a feed */
  name?: string;
}): string => {
  const cal = new ICAL.Component('vcalendar');
  cal.addPropertyWithValue('prodid', '-//Stellwerk//Buchungen//DE');
  cal.addPropertyWithValue('version', '2.0');
  cal.addPropertyWithValue('calscale', 'GREGORIAN');
  if (methode) cal.addPropertyWithValue('method', methode);
  if (name) {
    cal.addPropertyWithValue('x-wr-calname', name);
    cal.addPropertyWithValue('x-wr-timezone', KALENDER_ZEITZONE);
    cal
      .addPropertyWithValue('refresh-interval', ICAL.Duration.fromSeconds(3600))
      .setParameter('value', 'DURATION');
    cal.addPropertyWithValue('x-published-ttl', 'PT1H');
  }
  cal.addSubcomponent(new ICAL.Component(ICAL.parse(BERLIN_VTIMEZONE)));
  for (const e of eintraege) {
    const status = methode === 'CANCEL' ? 'CANCELLED' : e.status;
    cal.addSubcomponent(vevent({ ...e, status }, { jetzt, empfaenger: methode ? empfaenger : undefined }));
  }
  return `${cal.toString().replace(/\r?\n/g, '\r\n')}\r\n`;
};

/** `YYYYMMDDTHHmmssZ` (Google's `dates`). */
const googleZeit = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
/** `YYYY-MM-DDTHH:mm:ssZ` (Outlook's `startdt`/`enddt`). */
const outlookZeit = (d: Date) => d.toISOString().replace(/\.\d{3}/, '');

/**
 * Links that open an entry for the booking in Outlook 365 and Google Calendar (built from the booking; no network
 * call). They add a copy the app cannot update later: the attached invitation is the entry that stays right.
 */
export const kalenderLinks = (e: Pick<KalenderEintrag, 'von' | 'bis' | 'titel' | 'ort' | 'beschreibung'>) => {
  const outlook = new URLSearchParams({
    path: '/calendar/action/compose',
    rru: 'addevent',
    subject: e.titel,
    startdt: outlookZeit(e.von),
    enddt: outlookZeit(e.bis),
    body: e.beschreibung,
    ...(e.ort ? { location: e.ort } : {}),
  });
  const google = new URLSearchParams({
    action: 'TEMPLATE',
    text: e.titel,
    dates: `${googleZeit(e.von)}/${googleZeit(e.bis)}`,
    details: e.beschreibung,
    ctz: KALENDER_ZEITZONE,
    ...(e.ort ? { location: e.ort } : {}),
  });
  return {
    outlook: `https://outlook.office.com/calendar/0/deeplink/compose?${outlook.toString()}`,
    google: `https://calendar.google.com/calendar/render?${google.toString()}`,
  };
};
