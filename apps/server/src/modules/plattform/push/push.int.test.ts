import type {
  TGrundrissKurz,
  TLeseraumBuchung,
  TBelegung,
} from '@stellwerk/domain/leseraum/leseraum-buchung/api';
import type { TPushAbo } from '@stellwerk/domain/plattform/push/api';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, errorOf } from '../../../../test/api-call.ts';
import { signInAs } from '../../../../test/fixtures/anmelden.ts';
import { fixtureMandant } from '../../../../test/fixtures/mandant.ts';
import { ANDERER_MANDANT } from '../../../../test/fixtures/verwaltung.ts';
import { startTestServer, type TestServer, testDrivers } from '../../../../test/harness.ts';
import {
  entschluessele,
  type Geraet,
  neuesGeraet,
  type PushDienst,
  pruefeVapid,
  startePushDienst,
} from '../../../../test/push-service.ts';
import { sendLeseraumErinnerungen } from '../../leseraum/leseraum-buchung/leseraum-buchung.erinnern.ts';
import { mailOutbox } from '../mail/mail.public.ts';
import { dispatchPushes } from './push.dispatcher.ts';

const json = async <T>(response: Response): Promise<T> => {
  if (!response.ok) throw new Error(`${response.status} ${await response.text()}`);
  return (await response.json()) as T;
};

/** Monday 23.11.2026, 07:00 in Berlin. */
const MONDAY_7 = new Date('2026-11-23T07:00:00+01:00');
const at = (day: string, time: string) => new Date(`${day}T${time}:00+01:00`);
const BOOKER = 'mitarbeiter@beispielhausen.example';
const OTHER = 'fuhrpark@beispielhausen.example';

/**
 * The library (German: the pushes' and mails' texts are asserted in German): a reading room of twenty places
 * "Platz 01" … "Platz 20", open Monday to Friday 08–18; the booker, another reader and the administrator who
 * erases that reader.
 */
const beispielhausen = (server: TestServer) =>
  fixtureMandant(server.database, {
    ...ANDERER_MANDANT,
    einstellungen: { Sprache: 'de' },
    benutzer: {
      ...ANDERER_MANDANT.benutzer,
      mitarbeiter: { vorname: 'Anna', nachname: 'Schulz' },
      fuhrpark: { vorname: 'Michael', nachname: 'Fischer' },
    },
    grundrisse: {
      lesesaal: {
        standort: 'bibliothek',
        bezeichnung: 'Lesesaal Erdgeschoss',
        plaetze: Array.from({ length: 20 }, (_, i) => `Platz ${String(i + 1).padStart(2, '0')}`),
      },
    },
  });

describe.each(testDrivers())('web push to a local push service that decrypts on %s', (driver) => {
  let server: TestServer;
  let dienst: PushDienst;
  let booker: string;
  let other: string;
  let mandantId: string;
  let bh: Awaited<ReturnType<typeof beispielhausen>>;
  let belegung: TBelegung;
  const seat = (n: number) =>
    belegung.plaetze.find((p) => p.bezeichnung === `Platz ${String(n).padStart(2, '0')}`)!;
  const hold = async (cookie: string, platz: number, tag: string) =>
    json<TLeseraumBuchung>(
      await call(server, cookie, 'POST', '/api/leseraum-buchungen', {
        modus: 'ganztags',
        leseraumId: seat(platz).id,
        tag,
      }),
    );
  const remind = (now: Date) =>
    server.database.withTenant(mandantId, (tx) =>
      sendLeseraumErinnerungen(tx, { publicUrl: server.baseUrl }, { mandantId, now }),
    );
  const dispatch = () => dispatchPushes({ database: server.database, vapid: server.config.vapid });
  const abonniere = (cookie: string | null, endpoint: string, geraet: Geraet, arten: string[]) =>
    call(server, cookie, 'PUT', '/api/push/abo', {
      endpoint,
      keys: geraet.keys,
      arten,
      geraet: 'Testbrowser',
    });
  const queued = async () =>
    Number(
      (
        (await server.database.db.execute(sql`select count(*)::int as n from push_ausgang`)).rows[0] as {
          n: number;
        }
      ).n,
    );

  beforeAll(async () => {
    dienst = await startePushDienst();
    server = await startTestServer({ driver, now: () => MONDAY_7, pushHttp: true, seed: false });
    bh = await beispielhausen(server);
    expect([bh.benutzer.mitarbeiter.email, bh.benutzer.fuhrpark.email]).toEqual([BOOKER, OTHER]);
    booker = await signInAs(server, bh.benutzer.mitarbeiter);
    other = await signInAs(server, bh.benutzer.fuhrpark);
    const [plan] = await json<TGrundrissKurz[]>(
      await call(server, booker, 'GET', '/api/grundrisse?bereich=leseraum'),
    );
    belegung = await json<TBelegung>(
      await call(server, booker, 'GET', `/api/grundrisse/${plan!.id}/belegung?tag=2026-11-25`),
    );
    mandantId = (await json<{ user: { mandantId: string } }>(await call(server, booker, 'GET', '/api/me')))
      .user.mandantId;
  });
  afterAll(async () => {
    await server?.close();
    await dienst?.close();
  });

  it('gives the VAPID public key to signed-in users and refuses invalid subscriptions with the catalogue', async () => {
    expect((await call(server, null, 'GET', '/api/push/schluessel')).status).toBe(401);
    const { publicKey } = await json<{ publicKey: string }>(
      await call(server, booker, 'GET', '/api/push/schluessel'),
    );
    const punkt = Buffer.from(publicKey, 'base64url');
    expect(punkt).toHaveLength(65);
    expect(punkt[0]).toBe(4);
    // generated at first start and kept in DATA_DIR like the session secret
    expect(publicKey).toBe(server.config.vapid.publicKey);

    const geraet = neuesGeraet();
    expect((await abonniere(null, dienst.endpoint('x'), geraet, ['checkin'])).status).toBe(401);
    const ohneSchluessel = await call(server, booker, 'PUT', '/api/push/abo', {
      endpoint: dienst.endpoint('x'),
      keys: { p256dh: 'kurz', auth: geraet.keys.auth },
      arten: ['checkin'],
    });
    expect(ohneSchluessel.status).toBe(400);
    // the right length but no P-256 point
    const keinPunkt = await abonniere(
      booker,
      dienst.endpoint('x'),
      { ...geraet, keys: { ...geraet.keys, p256dh: 'A'.repeat(87) } },
      ['checkin'],
    );
    expect(keinPunkt.status).toBe(400);
    expect((await errorOf(keinPunkt)).code).toBe('push.abo_ungueltig');
    const falscheArt = await abonniere(booker, dienst.endpoint('x'), geraet, ['werbung']);
    expect(falscheArt.status).toBe(400);
    const ftp = await abonniere(booker, 'ftp://127.0.0.1/push/x', geraet, ['checkin']);
    expect(ftp.status).toBe(400);
    expect(await json<TPushAbo[]>(await call(server, booker, 'GET', '/api/push/geraete'))).toEqual([]);
  });

  it('pushes the reminder beside its mail, encrypted for the device and signed with VAPID; kinds, switches and gone devices', async () => {
    const handy = neuesGeraet();
    const weg = neuesGeraet();
    const fuhrparkHandy = neuesGeraet();
    const abo = await json<TPushAbo>(await abonniere(booker, dienst.endpoint('handy'), handy, ['checkin']));
    expect(abo).toMatchObject({
      dienst: new URL(dienst.origin).host,
      arten: ['checkin'],
      geraet: 'Testbrowser',
    });
    await json(await abonniere(booker, dienst.endpoint('weg', 410), weg, ['checkin']));
    await json(await abonniere(other, dienst.endpoint('fuhrpark'), fuhrparkHandy, ['vormerkung']));
    // the other user sees only their own device
    expect(
      (await json<TPushAbo[]>(await call(server, other, 'GET', '/api/push/geraete'))).map((g) => g.endpoint),
    ).toEqual([dienst.endpoint('fuhrpark')]);

    const reservierung = await hold(booker, 8, '2026-11-26');
    await json(await call(server, booker, 'POST', `/api/leseraum-buchungen/${reservierung.id}/bestaetigen`));
    await hold(other, 9, '2026-11-26');
    await json(
      await call(server, other, 'PUT', '/api/customizing/benutzer/LeseraumEmailErinnerungBuchungsbeginn', {
        value: 60,
      }),
    );

    // 07:00: the other's hold (lead 60) is reminded: a 'Vormerkung läuft ab' push to their device
    dienst.anfragen.length = 0;
    expect(await remind(at('2026-11-26', '07:00'))).toBe(1);
    expect(await dispatch()).toEqual({ gesendet: 1, fehlgeschlagen: 0, entfernt: 0 });
    expect(dienst.anfragen.map((a) => a.path)).toEqual(['/push/fuhrpark']);
    const [vormerkung] = dienst.anfragen;
    expect(vormerkung!.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(vormerkung!.headers.ttl)).toBeGreaterThan(0);
    const vapid = pruefeVapid(vormerkung!.headers.authorization);
    expect(vapid.k).toBe(server.config.vapid.publicKey);
    expect(vapid.header).toMatchObject({ typ: 'JWT', alg: 'ES256' });
    expect(vapid.claims.aud).toBe(dienst.origin);
    expect(vapid.claims.sub).toBe(server.config.vapid.subject);
    const exp = Number(vapid.claims.exp) * 1000;
    expect(exp).toBeGreaterThan(Date.now());
    expect(exp).toBeLessThanOrEqual(Date.now() + 24 * 60 * 60 * 1000 + 60_000);
    expect(JSON.parse(entschluessele(fuhrparkHandy, vormerkung!.body))).toEqual({
      art: 'vormerkung',
      title: 'Vormerkung läuft ab',
      body: 'Erinnerung: Platz 09 am 26.11.2026',
      url: `${server.baseUrl}/leseraum/liste`,
    });
    // another device's keys cannot read it
    expect(() => entschluessele(handy, vormerkung!.body)).toThrow();

    // 07:30: the booker's reservation: 'Check-in möglich' to both devices; the push service says one is gone
    dienst.anfragen.length = 0;
    expect(await remind(at('2026-11-26', '07:30'))).toBe(1);
    expect(await dispatch()).toEqual({ gesendet: 1, fehlgeschlagen: 0, entfernt: 1 });
    expect(dienst.anfragen.map((a) => a.path).sort()).toEqual(['/push/handy', '/push/weg']);
    const checkin = dienst.anfragen.find((a) => a.path === '/push/handy')!;
    expect(JSON.parse(entschluessele(handy, checkin.body))).toMatchObject({
      art: 'checkin',
      title: 'Check-in möglich',
      body: 'Erinnerung: Platz 08 am 26.11.2026',
    });
    // the gone device was removed
    expect(
      (await json<TPushAbo[]>(await call(server, booker, 'GET', '/api/push/geraete'))).map((g) => g.endpoint),
    ).toEqual([dienst.endpoint('handy')]);

    // a kind the device did not choose: the booker's own hold is reminded by mail, but no push is queued
    await hold(booker, 10, '2026-11-27');
    expect(await remind(at('2026-11-27', '07:30'))).toBe(1);
    expect(await queued()).toBe(0);

    // the same switch as the mail: with the reminder switched off, neither mail nor push
    await json(
      await call(server, booker, 'PUT', '/api/customizing/benutzer/BenachrichtigungErinnerung', {
        value: false,
      }),
    );
    const zweite = await hold(booker, 11, '2026-11-24');
    await json(await call(server, booker, 'POST', `/api/leseraum-buchungen/${zweite.id}/bestaetigen`));
    const mailsVorher = (
      await server.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, BOOKER))
    ).filter((m) => m.subject === 'Erinnerung: Platz 11 am 24.11.2026');
    expect(await remind(at('2026-11-24', '07:30'))).toBe(1);
    const mailsNachher = (
      await server.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, BOOKER))
    ).filter((m) => m.subject === 'Erinnerung: Platz 11 am 24.11.2026');
    expect(mailsNachher).toHaveLength(mailsVorher.length);
    expect(await queued()).toBe(0);
    // switched on again, and the device takes the kind: the push goes
    await json(
      await call(server, booker, 'PUT', '/api/customizing/benutzer/BenachrichtigungErinnerung', {
        value: true,
      }),
    );
    const dritte = await hold(booker, 12, '2026-11-25');
    await json(await call(server, booker, 'POST', `/api/leseraum-buchungen/${dritte.id}/bestaetigen`));
    expect(await remind(at('2026-11-25', '07:30'))).toBe(1);
    expect(await queued()).toBe(1);
    dienst.anfragen.length = 0;
    expect((await dispatch()).gesendet).toBe(1);
    expect(await queued()).toBe(0);
  });

  it('unsubscribes a device, lists the devices in the access report and deletes them when the person is erased', async () => {
    const laptop = neuesGeraet();
    const abo = await json<TPushAbo>(
      await abonniere(other, dienst.endpoint('laptop'), laptop, ['checkout', 'freigabe']),
    );
    // subscribing again changes the kinds of the same device
    const wieder = await json<TPushAbo>(
      await abonniere(other, dienst.endpoint('laptop'), laptop, ['freigabe']),
    );
    expect(wieder).toMatchObject({ id: abo.id, arten: ['freigabe'] });
    // unsubscribe by endpoint; a second time is 404
    expect(
      (await call(server, other, 'POST', '/api/push/abmelden', { endpoint: dienst.endpoint('laptop') }))
        .status,
    ).toBe(204);
    const nochmal = await call(server, other, 'POST', '/api/push/abmelden', {
      endpoint: dienst.endpoint('laptop'),
    });
    expect(nochmal.status).toBe(404);
    // another user's device cannot be removed by id
    const [eigenes] = await json<TPushAbo[]>(await call(server, other, 'GET', '/api/push/geraete'));
    expect((await call(server, booker, 'DELETE', `/api/push/geraete/${eigenes!.id}`)).status).toBe(404);

    const auskunft = await json<{ kategorien: { id: string; zeilen: Record<string, unknown>[] }[] }>(
      await call(server, other, 'GET', '/api/me/datenauskunft.json'),
    );
    const zeilen = JSON.stringify(auskunft);
    expect(zeilen).toContain('push_geraet');
    expect(zeilen).toContain(new URL(dienst.origin).host);
    expect(zeilen).not.toContain(laptop.keys.p256dh);

    const admin = await signInAs(server, bh.benutzer.admin);
    const person = bh.benutzer.fuhrpark;
    expect((await call(server, admin, 'POST', `/api/benutzer/${person!.id}/loeschung`)).status).toBe(200);
    const rest = await server.database.db.execute(
      sql`select count(*)::int as n from push_abo where benutzer_id = ${person!.id}`,
    );
    expect((rest.rows[0] as { n: number }).n).toBe(0);
  });
});
