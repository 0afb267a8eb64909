import { PERMISSION_NAMES } from '@stellwerk/domain/permissions';
import type {
  TBelegung,
  TLeseraumBuchung,
  TLieblingsPlatz,
  TMailErneutAntwort,
} from '@stellwerk/domain/leseraum/leseraum-buchung/api';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, errorOf } from '../../../../test/api-call.ts';
import { signInAs } from '../../../../test/fixtures/anmelden.ts';
import { fixtureMandant } from '../../../../test/fixtures/mandant.ts';
import { startTestServer, type TestServer, testDrivers } from '../../../../test/harness.ts';
import { mailOutbox } from '../../plattform/mail/mail.public.ts';
import { sendLeseraumErinnerungen } from './leseraum-buchung.erinnern.ts';
import { leseraumBuchung } from './leseraum-buchung.table.ts';

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
 * The library: a reading room open on weekdays with the places the tests book, a reader, the room keeper (another
 * reader with rights of their own) and booking staff.
 */
const beispielhausen = (server: TestServer) =>
  fixtureMandant(server.database, {
    name: 'Bibliothek Beispielhausen',
    domain: 'beispielhausen.example',
    standorte: { bibliothek: { name: 'Zentralbibliothek', bundesland: 'BY' } },
    rollen: {
      Raumpflege: ['objekt_pflege', 'ausstattungs_pflege', 'auslastung_sehen'],
      Buchungsverwaltung: ['buchung_pflege'],
    },
    benutzer: {
      mitarbeiter: { vorname: 'Anna', nachname: 'Schulz' },
      fuhrpark: { vorname: 'Michael', nachname: 'Fischer', rollen: ['Raumpflege'] },
      freigabe: { vorname: 'Julia', nachname: 'Meyer', rollen: ['Buchungsverwaltung'] },
    },
    grundrisse: {
      lesesaal: {
        standort: 'bibliothek',
        bezeichnung: 'Lesesaal Erdgeschoss',
        plaetze: [2, 3, 4, 6, 7, 8, 9].map((n) => `Platz ${String(n).padStart(2, '0')}`),
      },
    },
  });

/** Another tenant and its administrator. */
const musterstadt = (server: TestServer) =>
  fixtureMandant(server.database, {
    name: 'Stadtwerke Musterstadt',
    domain: 'musterstadt.example',
    rollen: { Administration: PERMISSION_NAMES },
    benutzer: { admin: { vorname: 'Claudia', nachname: 'Wagner', rollen: ['Administration'] } },
  });

describe.each(testDrivers())(
  'reading-room mails (POST /api/mail, reminder) and favourites on %s',
  (driver) => {
    let server: TestServer;
    const clock = MONDAY_7;
    let booker: string;
    let other: string;
    let staff: string;
    let foreign: string;
    let belegung: TBelegung;
    let mandantId: string;
    const seat = (n: number) =>
      belegung.plaetze.find((p) => p.bezeichnung === `Platz ${String(n).padStart(2, '0')}`)!;
    const mailsTo = async (to: string) =>
      server.database.db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.to, to), eq(mailOutbox.template, 'leseraum_buchung')));
    const hold = async (cookie: string, platz: number, tag: string) =>
      json<TLeseraumBuchung>(
        await call(server, cookie, 'POST', '/api/leseraum-buchungen', {
          modus: 'ganztags',
          leseraumId: seat(platz).id,
          tag,
        }),
      );

    beforeAll(async () => {
      server = await startTestServer({ driver, seed: false, now: () => clock });
      const bh = await beispielhausen(server);
      const ms = await musterstadt(server);
      booker = await signInAs(server, bh.benutzer.mitarbeiter);
      other = await signInAs(server, bh.benutzer.fuhrpark);
      staff = await signInAs(server, bh.benutzer.freigabe);
      foreign = await signInAs(server, ms.benutzer.admin);
      belegung = await json<TBelegung>(
        await call(
          server,
          booker,
          'GET',
          `/api/grundrisse/${bh.grundrisse.lesesaal.id}/belegung?tag=2026-11-25`,
        ),
      );
      mandantId = bh.id;
    });
    afterAll(async () => {
      await server?.close();
    });

    it('re-sends a booking’s own pre-booking mail to its booker, rendered from the booking only', async () => {
      const buchung = await hold(booker, 3, '2026-11-25');
      expect(
        (await call(server, null, 'POST', '/api/mail', { buchung: buchung.id, typ: 'useMailVormerkung' }))
          .status,
      ).toBe(401);
      const response = await call(server, booker, 'POST', '/api/mail', {
        buchung: buchung.id,
        typ: 'useMailVormerkung',
        betreff: 'Gewinnspiel',
        text: 'Klicken Sie hier: https://evil.example',
        an: 'fremd@evil.example',
      });
      expect(response.status).toBe(202);
      const answer = (await response.json()) as TMailErneutAntwort;
      expect(answer).toEqual({
        mailId: expect.any(String),
        buchung: buchung.id,
        typ: 'useMailVormerkung',
        an: BOOKER,
        status: 'eingereiht',
      });
      const mails = (await mailsTo(BOOKER)).filter((m) => m.subject === 'Vorgemerkt: Platz 03 am 25.11.2026');
      expect(mails).toHaveLength(2);
      const resent = mails.find((m) => m.id === answer.mailId)!;
      expect(resent.text).toContain('Bitte bestätigen Sie die Vormerkung bis 08:00 Uhr');
      expect(resent.text).not.toContain('evil.example');
      expect(await mailsTo('fremd@evil.example')).toEqual([]);
    });

    it('refuses other users’ bookings (404) and other tenants (404), and lets staff send to the confirmer', async () => {
      const buchung = await hold(booker, 4, '2026-11-25');
      for (const cookie of [other, foreign]) {
        const refused = await call(server, cookie, 'POST', '/api/mail', {
          buchung: buchung.id,
          typ: 'useMailVormerkung',
        });
        expect(refused.status).toBe(404);
        expect((await errorOf(refused)).code).toBe('not_found');
      }
      const unknown = await call(server, booker, 'POST', '/api/mail', {
        buchung: '00000000-0000-4000-8000-000000000000',
        typ: 'useMailVormerkung',
      });
      expect(unknown.status).toBe(404);
      const byStaff = await call(server, staff, 'POST', '/api/mail', {
        buchung: buchung.id,
        typ: 'useMailVormerkung',
        empfaenger: 'bestaetiger',
      });
      expect(byStaff.status).toBe(202);
      expect(((await byStaff.json()) as TMailErneutAntwort).an).toBe(BOOKER);
    });

    it('sends only mails that fit the booking: status, buchungAlt for the adjustment, a valid type', async () => {
      const buchung = await hold(booker, 6, '2026-11-25');
      const storno = await call(server, booker, 'POST', '/api/mail', {
        buchung: buchung.id,
        typ: 'useMailStorno',
      });
      expect(storno.status).toBe(409);
      expect(await errorOf(storno)).toMatchObject({
        code: 'leseraum_buchung.mail_passt_nicht',
        message: 'Die Mail useMailStorno gehört nicht zu einer Buchung im Status vorgemerkt.',
      });
      const bestaetigt = await call(server, booker, 'POST', '/api/mail', {
        buchung: buchung.id,
        typ: 'useMailBuchungBestaetigt',
      });
      expect(bestaetigt.status).toBe(409);
      const ohneAlt = await call(server, booker, 'POST', '/api/mail', {
        buchung: buchung.id,
        typ: 'useMailBuchungAngepasst',
      });
      expect(ohneAlt.status).toBe(400);
      expect((await errorOf(ohneAlt)).code).toBe('leseraum_buchung.mail_alt_fehlt');
      const verkehrt = await call(server, booker, 'POST', '/api/mail', {
        buchung: buchung.id,
        typ: 'useMailBuchungAngepasst',
        buchungAlt: {
          von: at('2026-11-24', '12:00').toISOString(),
          bis: at('2026-11-24', '10:00').toISOString(),
        },
      });
      expect(verkehrt.status).toBe(400);
      const angepasst = await call(server, booker, 'POST', '/api/mail', {
        buchung: buchung.id,
        typ: 'useMailBuchungAngepasst',
        buchungAlt: {
          von: at('2026-11-24', '10:00').toISOString(),
          bis: at('2026-11-24', '12:00').toISOString(),
        },
      });
      expect(angepasst.status).toBe(202);
      const { mailId } = (await angepasst.json()) as TMailErneutAntwort;
      const mail = (await mailsTo(BOOKER)).find((m) => m.id === mailId)!;
      expect(mail.subject).toBe('Geändert: Platz 06 am 25.11.2026');
      expect(mail.text).toContain('Bisher: 24.11.2026, 10:00–12:00 Uhr');
      const unbekannt = await call(server, booker, 'POST', '/api/mail', {
        buchung: buchung.id,
        typ: 'useMailSpam',
      });
      expect(unbekannt.status).toBe(400);

      await json(await call(server, booker, 'POST', `/api/leseraum-buchungen/${buchung.id}/storno`));
      const nachStorno = await call(server, booker, 'POST', '/api/mail', {
        buchung: buchung.id,
        typ: 'useMailStorno',
      });
      expect(nachStorno.status).toBe(202);
      // the deactivation and cancellation mails belong to a cancelled booking; the confirmation never did
      expect(
        (
          await call(server, booker, 'POST', '/api/mail', {
            buchung: buchung.id,
            typ: 'useMailBuchungBestaetigt',
          })
        ).status,
      ).toBe(409);
    });

    it('reminds once before the start, with each booker’s own lead (0 = none), and records it', async () => {
      const reservation = await hold(booker, 8, '2026-11-26');
      await json(await call(server, booker, 'POST', `/api/leseraum-buchungen/${reservation.id}/bestaetigen`));
      const otherHold = await hold(other, 9, '2026-11-26');
      const setLead = async (value: number) =>
        json(
          await call(
            server,
            other,
            'PUT',
            '/api/customizing/benutzer/LeseraumEmailErinnerungBuchungsbeginn',
            {
              value,
            },
          ),
        );
      await setLead(0);
      const remind = (now: Date) =>
        server.database.withTenant(mandantId, (tx) =>
          sendLeseraumErinnerungen(tx, { publicUrl: server.baseUrl }, { mandantId, now }),
        );
      expect(await remind(at('2026-11-26', '07:29'))).toBe(0);
      expect(await remind(at('2026-11-26', '07:30'))).toBe(1);
      expect(await remind(at('2026-11-26', '07:31'))).toBe(0);
      const reminders = (await mailsTo(BOOKER)).filter(
        (m) => m.subject === 'Erinnerung: Platz 08 am 26.11.2026',
      );
      expect(reminders).toHaveLength(1);
      expect(reminders[0]!.text).toContain('Bitte checken Sie zwischen 07:45 und 08:15 Uhr ein');

      await setLead(60);
      expect(await remind(at('2026-11-26', '07:40'))).toBe(1);
      expect(await remind(at('2026-11-26', '07:59'))).toBe(0);
      const otherMails = (await mailsTo(OTHER)).filter(
        (m) => m.subject === 'Erinnerung: Platz 09 am 26.11.2026',
      );
      expect(otherMails).toHaveLength(1);
      expect(otherMails[0]!.text).toContain('bitte bestätigen Sie sie bis 08:00 Uhr');
      const recorded = await server.database.db
        .select({ am: leseraumBuchung.erinnerungGesendetAm })
        .from(leseraumBuchung)
        .where(eq(leseraumBuchung.id, otherHold.id));
      expect(recorded[0]!.am?.toISOString()).toBe(at('2026-11-26', '07:40').toISOString());
    });

    it('keeps favourite places and the favourite plan as the user’s own customizing values', async () => {
      const lieblinge = async (cookie: string, bereich = 'leseraum') =>
        json<TLieblingsPlatz[]>(
          await call(server, cookie, 'GET', `/api/leseraum-lieblingsplaetze?bereich=${bereich}`),
        );
      expect(await lieblinge(booker)).toEqual([]);
      const put = (cookie: string, name: string, value: unknown) =>
        call(server, cookie, 'PUT', `/api/customizing/benutzer/${name}`, { value });
      expect(
        (
          await put(booker, 'LeseraumLieblingsPlatz', [
            seat(7).id,
            seat(2).id,
            'not-a-place',
            '00000000-0000-4000-8000-000000000000',
          ])
        ).status,
      ).toBe(200);
      const mine = await lieblinge(booker);
      expect(mine.map((p) => p.bezeichnung)).toEqual(['Platz 02', 'Platz 07']);
      expect(mine[0]!.grundriss.id).toBe(belegung.grundriss.id);
      // another user's favourites are their own; another tenant sees none of these places
      expect(await lieblinge(other)).toEqual([]);
      expect((await put(foreign, 'LeseraumLieblingsPlatz', [seat(7).id])).status).toBe(200);
      expect(await lieblinge(foreign)).toEqual([]);
      // the workspace lists only its own places
      expect(await lieblinge(booker, 'arbeitswelt')).toEqual([]);
      // a single id is not a list
      const refused = await put(booker, 'LeseraumLieblingsPlatz', seat(7).id);
      expect(refused.status).toBe(400);
      expect((await errorOf(refused)).code).toBe('customizing.not_an_array');
      expect((await put(booker, 'LeseraumLieblingsGrundriss', belegung.grundriss.id)).status).toBe(200);
      const me = await json<{ customizing: Record<string, { value: unknown; source: string }> }>(
        await call(server, booker, 'GET', '/api/me'),
      );
      expect(me.customizing.LeseraumLieblingsGrundriss).toEqual({
        value: belegung.grundriss.id,
        source: 'benutzer',
      });
      expect(me.customizing.LeseraumLieblingsPlatz?.source).toBe('benutzer');
    });
  },
);
