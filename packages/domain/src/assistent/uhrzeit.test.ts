import { describe, expect, it } from 'vitest';
import { normalisiere } from './text.ts';
import { leseZeit } from './uhrzeit.ts';

const uhr = (text: string) => {
  const z = leseZeit(normalisiere(text));
  const zeige = (u: typeof z.start) =>
    u
      ? `${String(u.stunde).padStart(2, '0')}:${String(u.minute).padStart(2, '0')}${u.eindeutig ? '' : '?'}`
      : null;
  return { start: zeige(z.start), ende: zeige(z.ende) };
};

describe('clock idioms', () => {
  it.each([
    ['halb zehn', '09:30'],
    ['halb eins', '12:30'],
    ['viertel nach zwölf', '12:15'],
    ['viertel nach 8', '08:15'],
    ['viertel vor neun', '08:45'],
    ['viertel neun', '08:15'],
    ['dreiviertel acht', '07:45'],
    ['drei viertel acht', '07:45'],
    ['zehn nach acht', '08:10'],
    ['fünf vor neun', '08:55'],
    ['zwanzig nach sieben', '07:20'],
    ['10 vor halb 9', '08:20'],
    ['fünf nach halb neun', '08:35'],
    ['um 9', '09:00'],
    ['um 9 uhr', '09:00'],
    ['9:30', '09:30'],
    ['9.30 uhr', '09:30'],
    ['9 uhr 30', '09:30'],
    ['um 14 uhr', '14:00'],
    ['um acht uhr', '08:00'],
    ['ab 8', '08:00'],
    ['um 7 uhr früh', '07:00'],
    ['um 8 abends', '20:00'],
    ['halb drei nachmittags', '14:30'],
    ['um 11 nachts', '23:00'],
    ['um 0 uhr', '00:00'],
    ['um 05:00', '05:00'],
    ['at 9am', '09:00'],
    ['at 5 pm', '17:00'],
    ['at 5:30pm', '17:30'],
    ['half past 9', '09:30'],
    ['quarter past 8', '08:15'],
    ['quarter to 11', '10:45'],
    ['at noon', '12:00'],
  ])('%s starts at %s', (text, start) => {
    expect(uhr(text).start).toBe(start);
  });

  it.each([
    ['von 9 bis 12', '09:00', '12:00'],
    ['9-12', '09:00', '12:00'],
    ['9 - 12 uhr', '09:00', '12:00'],
    ['9–12', '09:00', '12:00'],
    ['zwischen 10 und 14 uhr', '10:00', '14:00'],
    ['9 uhr bis 12 uhr', '09:00', '12:00'],
    ['von 9 bis 5', '09:00', '17:00'],
    ['von 10 bis 2', '10:00', '14:00'],
    ['von 12 bis 3', '12:00', '15:00'],
    ['von 22 bis 2 uhr', '22:00', '02:00'],
    ['halb zehn bis viertel nach zwölf', '09:30', '12:15'],
    ['from 9 to 12', '09:00', '12:00'],
    ['9 to 12', '09:00', '12:00'],
    ['from 8am to 5pm', '08:00', '17:00'],
    ['between 10 and 2', '10:00', '14:00'],
    ['nachmittags von 2 bis 5', '14:00', '17:00'],
  ])('%s is %s to %s', (text, start, ende) => {
    expect(uhr(text)).toEqual({ start, ende });
  });

  it.each([['um 5'], ['ab 3'], ['halb sechs'], ['5:30'], ['at 5']])(
    '%s is open between morning and afternoon',
    (text) => {
      expect(uhr(text).start).toMatch(/\?$/);
    },
  );

  it('ends without a start: bis 17 Uhr', () => {
    expect(uhr('bis 17 uhr')).toEqual({ start: null, ende: '17:00' });
  });

  it('reads durations, whole days, times of day and now', () => {
    expect(leseZeit('fuer 2 stunden').dauerMinuten).toBe(120);
    expect(leseZeit('fuer eine halbe stunde').dauerMinuten).toBe(30);
    expect(leseZeit('fuer anderthalb stunden').dauerMinuten).toBe(90);
    expect(leseZeit('for 45 minutes').dauerMinuten).toBe(45);
    expect(leseZeit('for an hour').dauerMinuten).toBe(60);
    expect(leseZeit('ganztags').ganztags).toBe(true);
    expect(leseZeit('den ganzen tag').ganztags).toBe(true);
    expect(leseZeit('all day').ganztags).toBe(true);
    expect(leseZeit('uebermorgen nachmittag').tageszeit).toBe('nachmittag');
    expect(leseZeit('heute abend').tageszeit).toBe('abend');
    expect(leseZeit('morgen frueh').tageszeit).toBe('vormittag');
    expect(leseZeit('heute morgen').tageszeit).toBe('vormittag');
    expect(leseZeit('morgen').tageszeit).toBe(null);
    expect(leseZeit('tomorrow afternoon').tageszeit).toBe('nachmittag');
    expect(leseZeit('jetzt').jetzt).toBe(true);
  });

  it('does not take days, counts or durations for clock times', () => {
    expect(uhr('am 3.12.')).toEqual({ start: null, ende: null });
    expect(uhr('fuer 2 stunden')).toEqual({ start: null, ende: null });
    expect(uhr('in 3 tagen')).toEqual({ start: null, ende: null });
    expect(uhr('ich bitte um 2 autos')).toEqual({ start: null, ende: null });
  });
});
