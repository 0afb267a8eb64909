import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import type { TFahrtenbuch } from '@stellwerk/domain/fahrten/fahrtenbuch/api';
import type { TFahrzeugBuchung } from '@stellwerk/domain/fahrzeuge/fahrzeug-buchung/api';
import { addCalendarDays, berlinDateKey, berlinInstant } from '@stellwerk/domain/time';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, errorOf } from '../test/api-call.ts';
import { authRequest } from '../test/auth-requests.ts';
import { openEventStream } from '../test/event-stream.ts';
import { signInAs } from '../test/fixtures/anmelden.ts';
import { FAHRTEN_MANDANT } from '../test/fixtures/fahrten.ts';
import { FUHRPARK_LEUTE, FUHRPARK_ROLLEN, fuhrparkWagen } from '../test/fixtures/fuhrpark.ts';
import { fixtureMandant } from '../test/fixtures/mandant.ts';
import { FIXTURE_PASSWORD } from '../test/fixtures/passwort.ts';
import { ADMIN, ADMINISTRATION } from '../test/fixtures/verwaltung.ts';
import { startTestServer, type TestServer } from '../test/harness.ts';
import { type S3TestServer, startS3TestServer } from '../test/s3-server.ts';
import { openDatabase } from './db/client.ts';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const tag = addCalendarDays(berlinDateKey(new Date()), 2);
const um = (hhmm: string) => berlinInstant(tag, hhmm);
const ablesung = { tankfuellung: 80, sauberkeitAussen: 'sauber', sauberkeitInnen: 'sauber', schaeden: [] };

/**
 * The booker Lena Hoffmann who drives the transporter MS-SW 103 (the depot's parking spots P1–P6), the fleet manager
 * who reads its logbook, the approver (a second session), the caretaker (whose sign-in fails) and the administrator
 * who uploads the logo.
 */
const musterstadt = (server: TestServer) =>
  fixtureMandant(server.database, {
    ...FAHRTEN_MANDANT,
    rollen: { ...FUHRPARK_ROLLEN, Fahrzeugpflege: ['fahrzeug_pflege'], ...ADMINISTRATION },
    benutzer: {
      ...FUHRPARK_LEUTE,
      fahrzeugpflege: { vorname: 'Jonas', nachname: 'Schneider', rollen: ['Fahrzeugpflege'] },
      admin: ADMIN,
    },
    fahrzeuge: { transporter: fuhrparkWagen('MS-SW 103') },
  });

/**
 * Decision 243: two server instances on one PostgreSQL and one object store behave as one. Each instance has its
 * own connection pool, its own data folder, its own session cache, throttle and event hub; they share only the
 * database and the store, as two processes behind a proxy would. The embedded database serves one process only
 * (PGlite in the data folder, decision 106), so there is nothing to share there: the test runs on PostgreSQL only.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'two instances on one PostgreSQL and one object store',
  () => {
    let s3: S3TestServer;
    let a: TestServer;
    let b: TestServer;
    let dataDirB: string;
    let clock = new Date();
    let mitarbeiter: string;
    let fuhrpark: string;
    let auto: string;
    let ms: Awaited<ReturnType<typeof musterstadt>>;

    beforeAll(async () => {
      s3 = await startS3TestServer();
      const client = new S3Client({
        region: 'us-east-1',
        endpoint: s3.url,
        forcePathStyle: true,
        credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
      });
      await client.send(new CreateBucketCommand({ Bucket: 'stellwerk' }));
      client.destroy();
      const storage = {
        url: `s3://stellwerk?endpoint=${encodeURIComponent(s3.url)}`,
        accessKeyId: s3.accessKeyId,
        secretAccessKey: s3.secretAccessKey,
      };
      const now = () => clock;
      a = await startTestServer({ driver: 'pg', now, storage, seed: false });
      dataDirB = mkdtempSync(path.join(tmpdir(), 'stellwerk-instanz-b-'));
      const databaseB = await openDatabase({ databaseUrl: a.databaseUrl, dataDir: dataDirB });
      b = await startTestServer({
        driver: 'pg',
        now,
        storage,
        database: {
          database: databaseB,
          dataDir: dataDirB,
          databaseUrl: a.databaseUrl,
          close: () => databaseB.close(),
        },
      });
      ms = await musterstadt(a);
      mitarbeiter = await signInAs(a, ms.benutzer.mitarbeiter);
      fuhrpark = await signInAs(b, ms.benutzer.fuhrpark);
      auto = ms.fahrzeuge.transporter;
    });
    afterAll(async () => {
      await b?.close();
      await a?.close();
      await s3?.close();
      if (dataDirB) rmSync(dataDirB, { recursive: true, force: true });
    });

    it('one user alternates between the instances through a booking, check-in with a receipt, check-out and the logbook; the events of A reach a page on B', async () => {
      expect(a.config.dataDir).not.toBe(b.config.dataDir);
      clock = new Date();
      // the driver's page is connected to B, the booking is made on A
      const seite = await openEventStream(`${b.baseUrl}/api/events`, mitarbeiter);
      try {
        expect(seite.status).toBe(200);
        const created = await call(a, mitarbeiter, 'POST', '/api/fahrzeug-buchungen', {
          fahrzeugId: auto,
          von: um('09:00').toISOString(),
          bis: um('12:00').toISOString(),
          anlass: 'Zwei Instanzen',
          zielAdresse: 'Am Pumpwerk 3, Musterstadt',
        });
        expect(created.status, await created.clone().text()).toBe(201);
        const buchung = (await created.json()) as TFahrzeugBuchung;
        await seite.waitFor(
          (e) =>
            (e as { type?: string; id?: string }).type === 'fahrzeug_buchung' &&
            (e as { id: string }).id === buchung.id,
          5000,
        );

        // B sees it, and refuses the same slot again
        const liste = await call(b, mitarbeiter, 'GET', '/api/fahrzeug-buchungen?eigene=true');
        expect(liste.status).toBe(200);
        expect(JSON.stringify(await liste.json())).toContain(buchung.id);
        const doppelt = await call(b, mitarbeiter, 'POST', '/api/fahrzeug-buchungen', {
          fahrzeugId: auto,
          von: um('10:00').toISOString(),
          bis: um('11:00').toISOString(),
          anlass: 'Doppelt',
          zielAdresse: 'Am Pumpwerk 3, Musterstadt',
        });
        expect(doppelt.status).toBe(409);

        // check-in on B with a receipt: the file goes to the store
        clock = um('08:50');
        const form = new FormData();
        form.append('daten', JSON.stringify({ ...ablesung, kilometerstand: 12_000 }));
        form.append('beleg', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'tanken.png');
        const checkIn = await fetch(`${b.baseUrl}/api/fahrzeug-buchungen/${buchung.id}/check-in`, {
          method: 'POST',
          headers: { origin: b.baseUrl, cookie: mitarbeiter },
          body: form,
        });
        expect(checkIn.status, await checkIn.clone().text()).toBe(200);
        expect(((await checkIn.json()) as TFahrzeugBuchung).status).toBe('aktiv');

        // A knows the trip is running: a second check-in is refused, the check-out goes through
        const nochmal = await call(a, mitarbeiter, 'POST', `/api/fahrzeug-buchungen/${buchung.id}/check-in`, {
          ...ablesung,
          kilometerstand: 12_000,
        });
        expect((await errorOf(nochmal)).code).toBe('fahrzeug_buchung.bereits_eingecheckt');
        clock = um('11:40');
        const checkOut = await call(
          a,
          mitarbeiter,
          'POST',
          `/api/fahrzeug-buchungen/${buchung.id}/check-out`,
          {
            ...ablesung,
            kilometerstand: 12_085,
            abstellplatz: 'P3',
            fahrt: { art: 'dienstlich' },
          },
        );
        expect(checkOut.status, await checkOut.clone().text()).toBe(200);
        expect(((await checkOut.json()) as TFahrzeugBuchung).status).toBe('durchgeführt');

        // the fleet manager reads the logbook on B and on A alike, with the receipt uploaded on B, downloaded on A
        const vonBis = `von=${encodeURIComponent(um('00:00').toISOString())}&bis=${encodeURIComponent(um('23:59').toISOString())}`;
        const buchB = (await (
          await call(b, fuhrpark, 'GET', `/api/fahrzeuge/${auto}/fahrtenbuch?${vonBis}`)
        ).json()) as TFahrtenbuch;
        const buchA = (await (
          await call(a, fuhrpark, 'GET', `/api/fahrzeuge/${auto}/fahrtenbuch?${vonBis}`)
        ).json()) as TFahrtenbuch;
        expect(buchA).toEqual(buchB);
        const eintrag = buchB.eintraege.find((e) => e.aktuell.fahrzeugBuchungId === buchung.id);
        expect(eintrag?.aktuell).toMatchObject({ kmBeginn: 12_000, kmEnde: 12_085, strecke: 85 });
        expect(eintrag?.belege).toHaveLength(1);
        const belegPfad = new URL(eintrag!.belege[0]!.url, a.baseUrl).pathname;
        const belegA = await call(a, fuhrpark, 'GET', belegPfad);
        expect(belegA.status).toBe(200);
        expect(Buffer.from(await belegA.arrayBuffer()).equals(PNG)).toBe(true);
        const belegId = belegPfad.split('/').at(-1)!;
        expect(
          [...s3.objects('stellwerk').keys()].some((k) => k.startsWith('belege/') && k.includes(belegId)),
        ).toBe(true);
      } finally {
        seite.close();
      }
    });

    it('a sign-out on A ends the session on B at once, not after B’s session cache expires', async () => {
      const sitzung = await signInAs(b, ms.benutzer.freigabe);
      expect((await call(b, sitzung, 'GET', '/api/me')).status).toBe(200); // now in B's cache (5 s)
      const abmelden = await fetch(`${a.baseUrl}/api/auth/sign-out`, {
        method: 'POST',
        headers: { origin: a.baseUrl, cookie: sitzung, 'content-type': 'application/json' },
        body: '{}',
      });
      expect(abmelden.status).toBe(200);
      // the notification takes milliseconds; B's cache would keep the session for up to 5 s
      await expect
        .poll(async () => (await call(b, sitzung, 'GET', '/api/me')).status, { timeout: 2000, interval: 50 })
        .toBe(401);
    });

    it('failed sign-ins count on every instance: the fourth attempt on B needs the security check after three failures spread over A and B', async () => {
      const address = '10.9.0.7';
      const body = { email: ms.benutzer.fahrzeugpflege.email, password: 'vertippt' };
      const versuch = (server: TestServer, password: string) =>
        authRequest(server, 'POST', '/api/auth/sign-in/email', { address, body: { ...body, password } });
      expect((await versuch(a, 'vertippt')).statusCode).toBe(401);
      expect((await versuch(b, 'vertippt')).statusCode).toBe(401);
      expect((await versuch(a, 'vertippt')).statusCode).toBe(401);
      // the notifications of A's failures reach B within milliseconds
      await new Promise((resolve) => setTimeout(resolve, 300));
      const vierter = await versuch(b, FIXTURE_PASSWORD);
      expect(vierter.statusCode).toBe(400);
      expect((JSON.parse(vierter.body) as { error: { code: string } }).error.code).toBe('auth.captcha_fehlt');
    });

    it('an upload on A downloads on B, and a removal on B is gone on A', async () => {
      const admin = await signInAs(a, ms.benutzer.admin);
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(PNG)]), 'logo.png');
      const hoch = await fetch(`${a.baseUrl}/api/mandant/logo`, {
        method: 'POST',
        headers: { cookie: admin, origin: a.baseUrl },
        body: form,
      });
      expect(hoch.status).toBe(201);
      const { id } = (await hoch.json()) as { id: string };
      const aufB = await call(b, mitarbeiter, 'GET', `/api/dateien/${id}`);
      expect(aufB.status).toBe(200);
      expect(Buffer.from(await aufB.arrayBuffer()).equals(PNG)).toBe(true);
      expect((await call(b, admin, 'DELETE', '/api/mandant/logo')).status).toBe(204);
      expect((await call(a, mitarbeiter, 'GET', `/api/dateien/${id}`)).status).toBe(404);
    });
  },
);
