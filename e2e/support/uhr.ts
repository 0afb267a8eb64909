/**
 * The server's clock in the journeys of the `uhr` project (decision 059): moved with PUT /api/test/uhr, put back after
 * every journey whatever happened, and the trips those journeys make through the API at a moved clock.
 */
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { minutesToTime, timeToMinutes } from '@stellwerk/domain/time';
import { berlin } from './berlin.ts';

/** Moves the server's clock to `jetzt` (an instant), or puts it back (null). */
export const setServerClock = async (page: Page, jetzt: string | null) => {
  const response = await page.request.put('/api/test/uhr', { data: { jetzt } });
  expect(response.status()).toBe(200);
};

/** For `test.afterEach`: the server's clock back to the real time. */
export const uhrZurueck = async ({ request }: { request: APIRequestContext }) => {
  await request.put('/api/test/uhr', { data: { jetzt: null } });
};

/** `HH:mm` moved by `minuten` (same day). */
const verschoben = (hhmm: string, minuten: number) => minutesToTime(timeToMinutes(hhmm) + minuten);

const ABLESUNG = { tankfuellung: 60, sauberkeitAussen: 'sauber', sauberkeitInnen: 'sauber', schaeden: [] };

/**
 * A business trip made through the API as its driver makes it, on `tag` from `von` to `bis` (Berlin, `HH:mm`): booked,
 * checked in five minutes before its start at `kmBeginn` (a number, or a function of the car's last reading as the
 * check-in form shows it), checked out ten minutes before its end `strecke` km later, the server's clock moved to each
 * moment; the clock is left an hour after the end, inside the logbook's completion period. Returns the booking and the
 * start reading.
 */
export const fahrtUeberApi = async (
  fahrer: Page,
  {
    fahrzeugId,
    tag,
    von,
    bis,
    zweck,
    kmBeginn,
    strecke,
  }: {
    fahrzeugId: string;
    tag: string;
    von: string;
    bis: string;
    zweck: string;
    kmBeginn: number | ((letzter: number | null) => number);
    strecke: number;
  },
): Promise<{ id: string; km: number }> => {
  const buchung = await fahrer.request.post('/api/fahrzeug-buchungen', {
    data: {
      fahrzeugId,
      von: new Date(berlin(tag, von)).toISOString(),
      bis: new Date(berlin(tag, bis)).toISOString(),
      anlass: zweck,
      zielAdresse: 'Marktplatz 1, Musterstadt',
    },
  });
  expect(buchung.status(), await buchung.text()).toBe(201);
  const { id } = (await buchung.json()) as { id: string };
  await setServerClock(fahrer, berlin(tag, verschoben(von, -5)));
  let km: number;
  if (typeof kmBeginn === 'number') km = kmBeginn;
  else {
    const vorlage = (await (await fahrer.request.get(`/api/fahrzeug-buchungen/${id}/check-in`)).json()) as {
      kilometerstand: number | null;
    };
    km = kmBeginn(vorlage.kilometerstand);
  }
  const ein = await fahrer.request.post(`/api/fahrzeug-buchungen/${id}/check-in`, {
    data: { ...ABLESUNG, kilometerstand: km },
  });
  expect(ein.status(), await ein.text()).toBe(200);
  await setServerClock(fahrer, berlin(tag, verschoben(bis, -10)));
  const aus = await fahrer.request.post(`/api/fahrzeug-buchungen/${id}/check-out`, {
    data: {
      ...ABLESUNG,
      abstellplatz: 'P1',
      kilometerstand: km + strecke,
      fahrt: { art: 'dienstlich', partner: 'Stadtbau GmbH' },
    },
  });
  expect(aus.status(), await aus.text()).toBe(200);
  await setServerClock(fahrer, berlin(tag, verschoben(bis, 60)));
  return { id, km };
};
