import type {
  TBelegung,
  TGrundrissKurz,
  TLeseraumBuchung,
} from '@stellwerk/domain/leseraum/leseraum-buchung/api';
import type { TKioskEingecheckt } from '@stellwerk/domain/plattform/kiosk/api';
import { erzeugeEincheckCode } from '@stellwerk/domain/plattform/kiosk/eincheck-code';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, errorOf } from '../../../../test/api-call.ts';
import { signInAs } from '../../../../test/fixtures/anmelden.ts';
import { fixtureMandant } from '../../../../test/fixtures/mandant.ts';
import { startTestServer, type TestServer, testDrivers } from '../../../../test/harness.ts';
import { eincheckSignierer } from './kiosk.einchecken.service.ts';
import { kiosk, kioskEincheck } from './kiosk.table.ts';
import { hashKioskToken, neuerKioskToken } from './kiosk.token.ts';

const json = async <T>(response: Response): Promise<T> => {
  if (!response.ok) throw new Error(`${response.status} ${await response.text()}`);
  return (await response.json()) as T;
};

const at = (day: string, time: string) => new Date(`${day}T${time}:00+01:00`);

/**
 * The library's two locations (the Zentralbibliothek with its reading room, open on weekdays, and the
 * Verwaltungsgebäude), a reader and room care without a booking; the fleet tenant's location for another tenant's
 * kiosk.
 */
const mandanten = async (server: TestServer) => ({
  bh: await fixtureMandant(server.database, {
    name: 'Bibliothek Beispielhausen',
    domain: 'beispielhausen.example',
    features: { FahrzeugBuchung: false, Leseraum: true },
    einstellungen: { Sprache: 'de' },
    standorte: {
      bibliothek: { name: 'Zentralbibliothek', bundesland: 'BY' },
      verwaltung: { name: 'Verwaltungsgebäude', bundesland: 'BY' },
    },
    rollen: { Raumpflege: ['objekt_pflege', 'ausstattungs_pflege', 'auslastung_sehen'] },
    benutzer: {
      mitarbeiter: { vorname: 'Anna', nachname: 'Schulz' },
      fuhrpark: { vorname: 'Michael', nachname: 'Fischer', rollen: ['Raumpflege'] },
    },
    grundrisse: {
      lesesaal: {
        standort: 'bibliothek',
        bezeichnung: 'Lesesaal Erdgeschoss',
        plaetze: Array.from({ length: 10 }, (_, i) => `Platz ${String(i + 1).padStart(2, '0')}`),
      },
    },
  }),
  ms: await fixtureMandant(server.database, {
    name: 'Stadtwerke Musterstadt',
    domain: 'musterstadt.example',
    standorte: { nord: { name: 'Betriebshof Nord', bundesland: 'NW' } },
  }),
});

describe.each(testDrivers())('checking in by scanning a kiosk on %s', (driver) => {
  let server: TestServer;
  let clock = at('2026-11-23', '07:00');
  let booker: string;
  let ohneBuchung: string;
  let buchung: TLeseraumBuchung;
  const kiosks = { bibliothek: '', verwaltung: '', widerrufen: '', fremd: '' };
  const standorte = { bibliothek: '', verwaltung: '', fremd: '' };

  /** The code a board shows at `wann`, signed as the server signs it (app.ts derives the secret). */
  const codeVon = (kioskId: string, standortId: string, wann = clock) =>
    erzeugeEincheckCode(
      kioskId,
      standortId,
      wann.getTime(),
      eincheckSignierer(`kiosk-eincheck:${server.config.sessionSecret}`),
    );
  const einchecken = (cookie: string | null, code: string) =>
    call(server, cookie, 'POST', '/api/kiosk/einchecken', { code });
  const fehler = async (r: Response) => ({ status: r.status, code: (await errorOf(r)).code });

  beforeAll(async () => {
    server = await startTestServer({ driver, now: () => clock, seed: false });
    const { bh, ms } = await mandanten(server);
    [booker, ohneBuchung] = await Promise.all([
      signInAs(server, bh.benutzer.mitarbeiter),
      signInAs(server, bh.benutzer.fuhrpark),
    ]);
    standorte.bibliothek = bh.standorte.bibliothek;
    standorte.verwaltung = bh.standorte.verwaltung;
    standorte.fremd = ms.standorte.nord;
    const mandantId = bh.id;
    const fremd = { mandantId: ms.id };
    // the kiosks as pairing leaves them (pairing itself: kiosk.kopplung.int.test.ts)
    const neu = async (mandantIdVon: string, standortId: string, widerrufenAt: Date | null = null) =>
      (
        await server.database.db
          .insert(kiosk)
          .values({
            mandantId: mandantIdVon,
            bezeichnung: 'Foyer',
            standortId,
            tokenHash: hashKioskToken(neuerKioskToken()),
            widerrufenAt,
          })
          .returning()
      )[0]!.id;
    kiosks.bibliothek = await neu(mandantId, standorte.bibliothek);
    kiosks.verwaltung = await neu(mandantId, standorte.verwaltung);
    kiosks.widerrufen = await neu(mandantId, standorte.bibliothek, clock);
    kiosks.fremd = await neu(fremd.mandantId, standorte.fremd);

    // Monday 09:00–11:00 at Platz 09 of the reading room, confirmed
    const [plan] = await json<TGrundrissKurz[]>(
      await call(server, booker, 'GET', '/api/grundrisse?bereich=leseraum'),
    );
    const belegung = await json<TBelegung>(
      await call(server, booker, 'GET', `/api/grundrisse/${plan!.id}/belegung?tag=2026-11-23`),
    );
    const platz = belegung.plaetze.find((p) => p.bezeichnung === 'Platz 09')!;
    const vorgemerkt = await json<TLeseraumBuchung>(
      await call(server, booker, 'POST', '/api/leseraum-buchungen', {
        modus: 'stuendlich',
        leseraumId: platz.id,
        von: at('2026-11-23', '09:00').toISOString(),
        bis: at('2026-11-23', '11:00').toISOString(),
      }),
    );
    buchung = await json<TLeseraumBuchung>(
      await call(server, booker, 'POST', `/api/leseraum-buchungen/${vorgemerkt.id}/bestaetigen`),
    );
    expect(buchung.status).toBe('reserviert');
  });
  afterAll(async () => {
    await server?.close();
  });

  it('needs a session', async () => {
    const r = await einchecken(null, codeVon(kiosks.bibliothek, standorte.bibliothek));
    expect(r.status).toBe(401);
  });

  it('answers kiosk.keine_buchung outside the check-in window and to a person without a booking', async () => {
    const frueh = await einchecken(booker, codeVon(kiosks.bibliothek, standorte.bibliothek));
    expect(await fehler(frueh)).toEqual({ status: 409, code: 'kiosk.keine_buchung' });
    clock = at('2026-11-23', '08:50');
    const r = await einchecken(ohneBuchung, codeVon(kiosks.bibliothek, standorte.bibliothek));
    expect(r.status).toBe(409);
    expect(await errorOf(r)).toMatchObject({
      code: 'kiosk.keine_buchung',
      message: 'Sie haben an diesem Standort jetzt keine Buchung, in die Sie einchecken können.',
    });
  });

  it("refuses the board of another location than the booking's", async () => {
    const r = await einchecken(booker, codeVon(kiosks.verwaltung, standorte.verwaltung));
    expect(r.status).toBe(409);
    expect(await errorOf(r)).toMatchObject({
      code: 'kiosk.eincheckcode_anderer_standort',
      message:
        'Dieser Bildschirm gehört zu einem anderen Standort als Ihre Buchung. Bitte scannen Sie den Code an Ihrem Standort.',
    });
  });

  it('refuses a forged or altered code, a code for another location, and a code of the future', async () => {
    const echt = codeVon(kiosks.bibliothek, standorte.bibliothek);
    const letztes = echt.at(-1) === '0' ? '1' : '0';
    const geaendert = [
      `${echt.slice(0, -1)}${letztes}`,
      echt.replace(standorte.bibliothek, standorte.verwaltung),
      erzeugeEincheckCode(kiosks.bibliothek, standorte.bibliothek, clock.getTime(), eincheckSignierer('x')),
      codeVon(kiosks.bibliothek, standorte.bibliothek, new Date(clock.getTime() + 60_000)),
      'k1.kaputt',
      '',
    ];
    for (const code of geaendert) {
      const r = await einchecken(booker, code);
      expect(await fehler(r)).toEqual({ status: 400, code: 'kiosk.eincheckcode_ungueltig' });
    }
    expect((await errorOf(await einchecken(booker, geaendert[0]!))).message).toBe(
      'Dieser Code ist kein gültiger Eincheck-Code. Bitte scannen Sie den Code am Bildschirm erneut.',
    );
  });

  it('refuses the code of a revoked kiosk and of another tenant’s kiosk', async () => {
    for (const code of [
      codeVon(kiosks.widerrufen, standorte.bibliothek),
      codeVon(kiosks.fremd, standorte.fremd),
    ]) {
      const r = await einchecken(booker, code);
      expect(await fehler(r)).toEqual({ status: 400, code: 'kiosk.eincheckcode_ungueltig' });
    }
  });

  it('refuses a code older than its minute and the next', async () => {
    const alt = codeVon(kiosks.bibliothek, standorte.bibliothek, new Date(clock.getTime() - 2 * 60_000));
    const r = await einchecken(booker, alt);
    expect(r.status).toBe(410);
    expect(await errorOf(r)).toMatchObject({
      code: 'kiosk.eincheckcode_abgelaufen',
      message: 'Dieser Eincheck-Code ist abgelaufen. Bitte scannen Sie den aktuellen Code am Bildschirm.',
    });
  });

  it('checks in with the code of the previous minute through the booking’s own check-in; refused tries used nothing', async () => {
    expect(await server.database.db.select().from(kioskEincheck)).toEqual([]);
    const code = codeVon(kiosks.bibliothek, standorte.bibliothek, new Date(clock.getTime() - 60_000));
    const r = await einchecken(booker, code);
    expect(r.status).toBe(200);
    const ergebnis = (await r.json()) as TKioskEingecheckt;
    expect(ergebnis.standortName).toBe('Zentralbibliothek');
    expect(ergebnis.buchung).toMatchObject({
      id: buchung.id,
      status: 'durchgeführt',
      leseraum: { bezeichnung: 'Platz 09' },
      grundriss: { bezeichnung: 'Lesesaal Erdgeschoss' },
    });
    const liste = await json<TLeseraumBuchung[]>(
      await call(server, booker, 'GET', '/api/leseraum-buchungen?bereich=leseraum'),
    );
    expect(liste.find((b) => b.id === buchung.id)?.status).toBe('durchgeführt');
    expect(await server.database.db.select().from(kioskEincheck)).toHaveLength(1);

    const nochmal = await einchecken(booker, code);
    expect(nochmal.status).toBe(409);
    expect(await errorOf(nochmal)).toMatchObject({
      code: 'kiosk.eincheckcode_verwendet',
      message:
        'Sie haben diesen Eincheck-Code bereits verwendet. Bitte scannen Sie den aktuellen Code am Bildschirm.',
    });
    // a fresh code finds nothing left to check in to
    const frisch = await einchecken(booker, codeVon(kiosks.bibliothek, standorte.bibliothek));
    expect(await fehler(frisch)).toEqual({ status: 409, code: 'kiosk.keine_buchung' });
  });
});
