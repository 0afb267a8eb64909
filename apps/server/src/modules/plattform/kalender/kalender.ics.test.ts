import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { type KalenderEintrag, kalenderIcs, kalenderLinks, kalenderUid } from './kalender.ics.ts';

const ID = '6f1c1f3e-8a5b-4c1e-9d55-2f0c3c1a0b11';
const eintrag = (over: Partial<KalenderEintrag> = {}): KalenderEintrag => ({
  art: 'platz',
  buchungId: ID,
  von: new Date('2026-10-25T09:00:00+01:00'),
  bis: new Date('2026-10-25T12:30:00+01:00'),
  status: 'CONFIRMED',
  titel: 'Platz 12, Lesesaal Nord',
  ort: 'Lesesaal Nord',
  beschreibung: 'Ihre Platzbuchung',
  url: 'https://stellwerk.example/leseraum/liste',
  sequenz: 0,
  geaendert: new Date('2026-10-01T08:00:00Z'),
  ...over,
});
const JETZT = new Date('2026-10-20T10:00:00Z');

/** The parsed calendar, its zone registered, and its events. */
const parse = (ics: string) => {
  const cal = new ICAL.Component(ICAL.parse(ics));
  const tz = new ICAL.Timezone(cal.getFirstSubcomponent('vtimezone')!);
  return { cal, tz, events: cal.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v)) };
};
/** An event's start as an instant, resolved through the calendar's own VTIMEZONE. */
const instant = (time: ICAL.Time, tz: ICAL.Timezone) => {
  const t = time.clone();
  t.zone = tz;
  return t.toJSDate().toISOString();
};

describe('the iCalendar writer', () => {
  it('writes a booking on the last Sunday of October (CEST → CET at 03:00) in Berlin time', () => {
    const { cal, tz, events } = parse(kalenderIcs({ eintraege: [eintrag()], jetzt: JETZT }));
    expect(cal.getFirstPropertyValue('version')).toBe('2.0');
    expect(cal.getFirstPropertyValue('method')).toBeNull();
    expect(tz.tzid).toBe('Europe/Berlin');
    const [ev] = events;
    expect(ev!.startDate.toString()).toBe('2026-10-25T09:00:00');
    expect(ev!.component.getFirstProperty('dtstart')!.getParameter('tzid')).toBe('Europe/Berlin');
    // after the switch Berlin is UTC+1: 09:00 is 08:00 UTC
    expect(instant(ev!.startDate, tz)).toBe('2026-10-25T08:00:00.000Z');
    expect(instant(ev!.endDate, tz)).toBe('2026-10-25T11:30:00.000Z');
    expect(ev!.uid).toBe(kalenderUid('platz', ID));
    expect(ev!.summary).toBe('Platz 12, Lesesaal Nord');
    expect(ev!.location).toBe('Lesesaal Nord');
    expect(ev!.sequence).toBe(0);
    expect(ev!.component.getFirstPropertyValue('status')).toBe('CONFIRMED');
  });

  it('writes a booking across the spring switch (29.03.2026, 02:00 → 03:00) with its real length', () => {
    const von = new Date('2026-03-29T01:30:00+01:00');
    const bis = new Date('2026-03-29T04:00:00+02:00');
    const { tz, events } = parse(kalenderIcs({ eintraege: [eintrag({ von, bis })], jetzt: JETZT }));
    const [ev] = events;
    expect(ev!.startDate.toString()).toBe('2026-03-29T01:30:00');
    expect(ev!.endDate.toString()).toBe('2026-03-29T04:00:00');
    expect(instant(ev!.startDate, tz)).toBe(von.toISOString());
    expect(instant(ev!.endDate, tz)).toBe(bis.toISOString());
    // 2.5 hours on the wall clock, 1.5 real hours: the hour from 2 to 3 does not exist that night
    expect(bis.getTime() - von.getTime()).toBe(90 * 60_000);
  });

  it('writes the second 02:30 of 25.10.2026 (CET) distinct from the first (CEST)', () => {
    const erste = new Date('2026-10-25T02:30:00+02:00');
    const zweite = new Date('2026-10-25T02:30:00+01:00');
    const { tz, events } = parse(
      kalenderIcs({
        eintraege: [eintrag({ von: erste, bis: new Date(erste.getTime() + 1800_000) })],
        jetzt: JETZT,
      }),
    );
    expect(events[0]!.startDate.toString()).toBe('2026-10-25T02:30:00');
    // a wall time that occurs twice is ambiguous in iCalendar; what matters is that the summer one is not moved
    expect([erste.toISOString(), zweite.toISOString()]).toContain(instant(events[0]!.startDate, tz));
  });

  it('keeps the UID of a booking whatever changes, and writes the SEQUENCE it is given', () => {
    const erst = parse(kalenderIcs({ eintraege: [eintrag()], jetzt: JETZT })).events[0]!;
    const geaendert = parse(
      kalenderIcs({
        eintraege: [eintrag({ von: new Date('2026-10-26T10:00:00+01:00'), sequenz: 3, titel: 'Anders' })],
        jetzt: new Date('2026-10-21T10:00:00Z'),
      }),
    ).events[0]!;
    expect(geaendert.uid).toBe(erst.uid);
    expect(geaendert.sequence).toBe(3);
    expect(kalenderUid('fahrzeug', ID)).not.toBe(kalenderUid('platz', ID));
  });

  it('writes an invitation (REQUEST) with organizer and attendee, and its cancellation (CANCEL) of the same UID', () => {
    const request = parse(
      kalenderIcs({ eintraege: [eintrag()], jetzt: JETZT, methode: 'REQUEST', empfaenger: 'a@b.example' }),
    );
    expect(request.cal.getFirstPropertyValue('method')).toBe('REQUEST');
    const ev = request.events[0]!;
    expect(ev.organizer).toBe('mailto:noreply@stellwerk.localdomain');
    expect(ev.attendees.map((a) => a.getFirstValue())).toEqual(['mailto:a@b.example']);
    const cancel = parse(
      kalenderIcs({
        eintraege: [eintrag({ sequenz: 1 })],
        jetzt: JETZT,
        methode: 'CANCEL',
        empfaenger: 'a@b.example',
      }),
    );
    expect(cancel.cal.getFirstPropertyValue('method')).toBe('CANCEL');
    expect(cancel.events[0]!.uid).toBe(ev.uid);
    expect(cancel.events[0]!.sequence).toBe(1);
    expect(cancel.events[0]!.component.getFirstPropertyValue('status')).toBe('CANCELLED');
  });

  it('adds a reminder before the end (a car’s return) unless the booking is cancelled', () => {
    const mit = parse(
      kalenderIcs({
        eintraege: [eintrag({ art: 'fahrzeug', erinnerungVorEndeMinuten: 15, erinnerungText: 'Rückgabe' })],
        jetzt: JETZT,
      }),
    ).events[0]!;
    const alarm = mit.component.getFirstSubcomponent('valarm')!;
    const trigger = alarm.getFirstProperty('trigger')!;
    expect(trigger.getParameter('related')).toBe('END');
    expect((trigger.getFirstValue() as ICAL.Duration).toSeconds()).toBe(-900);
    expect(alarm.getFirstPropertyValue('description')).toBe('Rückgabe');
    const ohne = parse(
      kalenderIcs({
        eintraege: [eintrag({ status: 'CANCELLED', erinnerungVorEndeMinuten: 15 })],
        jetzt: JETZT,
      }),
    ).events[0]!;
    expect(ohne.component.getFirstSubcomponent('valarm')).toBeNull();
  });

  it('folds long lines and escapes text so a parser reads it back unchanged', () => {
    const titel = `Pool-Auto MS-SW 101, Standort Nord; ${'sehr lang '.repeat(12)}`.trim();
    const ics = kalenderIcs({ eintraege: [eintrag({ titel })], jetzt: JETZT });
    expect(ics.split('\r\n').every((line) => new TextEncoder().encode(line).length <= 75 * 4)).toBe(true);
    expect(ics.endsWith('\r\n')).toBe(true);
    expect(parse(ics).events[0]!.summary).toBe(titel);
  });

  it('builds Outlook 365 and Google Calendar links from the booking alone', () => {
    const links = kalenderLinks(eintrag());
    const outlook = new URL(links.outlook);
    expect(outlook.origin).toBe('https://outlook.office.com');
    expect(outlook.searchParams.get('subject')).toBe('Platz 12, Lesesaal Nord');
    expect(outlook.searchParams.get('startdt')).toBe('2026-10-25T08:00:00Z');
    expect(outlook.searchParams.get('enddt')).toBe('2026-10-25T11:30:00Z');
    const google = new URL(links.google);
    expect(google.origin).toBe('https://calendar.google.com');
    expect(google.searchParams.get('dates')).toBe('20261025T080000Z/20261025T113000Z');
    expect(google.searchParams.get('location')).toBe('Lesesaal Nord');
  });
});
