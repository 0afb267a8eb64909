import { describe, expect, it } from 'vitest';
import { versteheAnfrage, verstehen } from './verstehen.ts';

const am = (iso: string) => new Date(iso);
const stunden = (von: string | null, bis: string | null) => (Date.parse(bis!) - Date.parse(von!)) / 3_600_000;

describe('reading a request around the clock changes (Europe/Berlin)', () => {
  it('a whole day on 29.03.2026 has 23 hours, on 25.10.2026 25 hours', () => {
    const fruehling = verstehen({
      text: 'morgen ganztags einen Platz',
      bezug: am('2026-03-28T10:00:00+01:00'),
    });
    expect(fruehling).toMatchObject({
      von: '2026-03-29T00:00:00+01:00',
      bis: '2026-03-30T00:00:00+02:00',
      ganztags: true,
    });
    expect(stunden(fruehling.von, fruehling.bis)).toBe(23);
    const herbst = verstehen({ text: 'morgen ganztags einen Platz', bezug: am('2026-10-24T10:00:00+02:00') });
    expect(herbst).toMatchObject({
      von: '2026-10-25T00:00:00+02:00',
      bis: '2026-10-26T00:00:00+01:00',
      ganztags: true,
    });
    expect(stunden(herbst.von, herbst.bis)).toBe(25);
  });

  it('01:00 to 04:00 is two hours in spring and four in autumn', () => {
    const fruehling = verstehen({
      text: 'morgen 01:00 bis 04:00 ein Auto',
      bezug: am('2026-03-28T10:00:00+01:00'),
    });
    expect(stunden(fruehling.von, fruehling.bis)).toBe(2);
    const herbst = verstehen({
      text: 'morgen 01:00 bis 04:00 ein Auto',
      bezug: am('2026-10-24T10:00:00+02:00'),
    });
    expect(stunden(herbst.von, herbst.bis)).toBe(4);
  });

  it('asks back for 02:30 on both days instead of guessing', () => {
    const luecke = versteheAnfrage({
      text: 'morgen um 02:30 bis 9 ein Auto',
      bezug: am('2026-03-28T10:00:00+01:00'),
    });
    expect(luecke.rueckfrageArt).toBe('zeit_gibt_es_nicht');
    expect(luecke.lesung.rueckfrage).toContain('29.03.2026');
    const doppelt = versteheAnfrage({
      text: 'car tomorrow at 02:30 until 9',
      bezug: am('2026-10-24T10:00:00+02:00'),
    });
    expect(doppelt.rueckfrageArt).toBe('zeit_doppelt');
    expect(doppelt.lesung.rueckfrage).toContain('Oct 25, 2026');
  });

  it('reads "morgen" from the Berlin day of the reference, not its UTC day', () => {
    // 23:30 UTC on 30.12. is already 31.12. in Berlin
    expect(verstehen({ text: 'morgen einen Platz', bezug: am('2026-12-30T23:30:00Z') }).von).toBe(
      '2027-01-01T00:00:00+01:00',
    );
    expect(verstehen({ text: 'platz am 3. dezember', bezug: am('2026-12-30T23:30:00Z') }).von).toBe(
      '2027-12-03T00:00:00+01:00',
    );
  });
});

describe('reading a request', () => {
  const bezug = am('2026-11-25T10:00:00+01:00');

  it('answers the contract: intent, period with offset, full day, location, question', () => {
    expect(verstehen({ text: 'Ich brauche morgen von 9 bis 12 ein Auto', bezug })).toEqual({
      absicht: 'fahrzeug_buchen',
      von: '2026-11-26T09:00:00+01:00',
      bis: '2026-11-26T12:00:00+01:00',
      ganztags: false,
      standort: null,
      rueckfrage: null,
    });
  });

  it('asks back in the language of the request', () => {
    expect(verstehen({ text: 'auto morgen um 5', bezug }).rueckfrage).toBe(
      'Meinen Sie 05:00 Uhr oder 17:00 Uhr?',
    );
    expect(verstehen({ text: 'car tomorrow at 5', bezug }).rueckfrage).toBe('Do you mean 05:00 or 17:00?');
    expect(verstehen({ text: 'ich brauche morgen ab 9 ein Auto', bezug }).rueckfrage).toBe(
      'Bis wann brauchen Sie das Fahrzeug am 26.11.2026?',
    );
    expect(verstehen({ text: 'I need a beamer tomorrow', bezug }).rueckfrage).toBe(
      'What would you like to book: a vehicle, a desk or a locker?',
    );
  });

  it('does not ask for a vehicle end when the rules need none', () => {
    expect(verstehen({ text: 'auto morgen ab 9', bezug, fahrzeugBrauchtEnde: false })).toMatchObject({
      von: '2026-11-26T09:00:00+01:00',
      bis: null,
      rueckfrage: null,
    });
    expect(verstehen({ text: 'auto morgen', bezug, fahrzeugBrauchtEnde: false })).toMatchObject({
      ganztags: true,
    });
  });

  it('finds only the location names passed in', () => {
    expect(verstehen({ text: 'platz morgen in der zentrale', bezug }).standort).toBe(null);
    expect(verstehen({ text: 'platz morgen in der zentrale', bezug, standorte: ['Zentrale'] }).standort).toBe(
      'Zentrale',
    );
    expect(
      verstehen({ text: 'platz morgen nord', bezug, standorte: ['Standort Nord', 'Nordost'] }).standort,
    ).toBe('Standort Nord');
    expect(
      verstehen({ text: 'platz morgen in der zentralen', bezug, standorte: ['Zentrale'] }).standort,
    ).toBe(null);
  });

  it('is pure: the same text and reference give the same reading', () => {
    const a = verstehen({ text: 'KW 50 Mittwoch ein Platz', bezug });
    const b = verstehen({ text: 'KW 50 Mittwoch ein Platz', bezug });
    expect(a).toEqual(b);
  });
});
