import type { TBelegung, TGrundrissKurz } from '@stellwerk/domain/leseraum/leseraum-buchung/api';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, errorOf } from '../../../../test/api-call.ts';
import { signInAs } from '../../../../test/fixtures/anmelden.ts';
import { fixtureMandant } from '../../../../test/fixtures/mandant.ts';
import { startTestServer, type TestServer, testDrivers } from '../../../../test/harness.ts';

/** Monday 23.11.2026, 07:00 in Berlin. */
const MONDAY_7 = new Date('2026-11-23T07:00:00+01:00');
const at = (day: string, time: string) => new Date(`${day}T${time}:00+01:00`).toISOString();

/**
 * The library's reading room (twenty single places in rows of four, Platz 20 the farthest; two group rooms for six
 * and eight at the side; open on weekdays), its reader, room care and booking staff.
 */
const beispielhausen = (server: TestServer) =>
  fixtureMandant(server.database, {
    name: 'Bibliothek Beispielhausen',
    domain: 'beispielhausen.example',
    features: { FahrzeugBuchung: false, Leseraum: true },
    einstellungen: { Sprache: 'de' },
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
        plaetze: [
          ...Array.from({ length: 20 }, (_, i) => ({
            bezeichnung: `Platz ${String(i + 1).padStart(2, '0')}`,
            position: { x: 100 + (i % 4) * 150, y: 100 + Math.floor(i / 4) * 130 },
          })),
          ...[6, 8].map((kapazitaet, i) => ({
            bezeichnung: `Gruppenraum ${i + 1}`,
            position: { x: 1000, y: 200 + i * 400 },
            kapazitaet,
          })),
        ],
      },
    },
  });

/**
 * The refusal of a taken place offers another (decisions 261, 267): only a place the user can book for the same
 * period, whatever else the room holds, and the plain refusal once none is left.
 */
describe.each(testDrivers())('the offer of another place on %s', (driver) => {
  let server: TestServer;
  let booker: string;
  let other: string;
  let staff: string;
  let mandantId: string;
  let belegung: TBelegung;
  const platz = (bezeichnung: string) => belegung.plaetze.find((p) => p.bezeichnung === bezeichnung)!;
  const name = (id: unknown) => belegung.plaetze.find((p) => p.id === id)?.bezeichnung;
  const sqlAusfuehren = (statement: ReturnType<typeof sql>) =>
    server.database.withTenant(mandantId, (tx) => tx.execute(statement));
  const benutzerId = async (mail: string) => {
    const { rows } = await sqlAusfuehren(sql`select id from benutzer where email = ${mail}`);
    return (rows[0] as { id: string }).id;
  };
  /** A booking of someone else by SQL, `status` over `[von, bis)` of `tag`. */
  const belege = (
    leseraumId: string,
    tag: string,
    von: string,
    bis: string,
    status = 'reserviert',
    gruppe = 1,
  ) =>
    sqlAusfuehren(sql`
      insert into leseraum_buchung (mandant_id, leseraum_id, von, bis, status, systembenutzer1_mail, gruppengroesse)
      values (${mandantId}, ${leseraumId}, ${at(tag, von)}, ${at(tag, bis)}, ${status}, 'jemand@beispielhausen.example', ${gruppe})`);
  const halte = (cookie: string, body: Record<string, unknown>) =>
    call(server, cookie, 'POST', '/api/leseraum-buchungen', body);

  beforeAll(async () => {
    server = await startTestServer({ driver, now: () => MONDAY_7, seed: false });
    const bh = await beispielhausen(server);
    booker = await signInAs(server, bh.benutzer.mitarbeiter);
    other = await signInAs(server, bh.benutzer.fuhrpark);
    staff = await signInAs(server, bh.benutzer.freigabe);
    const [plan] = (await (
      await call(server, booker, 'GET', '/api/grundrisse?bereich=leseraum')
    ).json()) as TGrundrissKurz[];
    belegung = (await (
      await call(server, booker, 'GET', `/api/grundrisse/${plan!.id}/belegung?tag=2026-11-24`)
    ).json()) as TBelegung;
    mandantId = (
      (await (await call(server, booker, 'GET', '/api/me')).json()) as { user: { mandantId: string } }
    ).user.mandantId;
  });
  afterAll(async () => {
    await server?.close();
  });

  it('offers only a place free for the same hours that the user may book, then refuses plainly', async () => {
    const tag = '2026-11-25';
    const stunden = { modus: 'stuendlich', von: at(tag, '10:00'), bis: at(tag, '12:00') };
    expect((await halte(booker, { ...stunden, leseraumId: platz('Platz 03').id })).status).toBe(201);
    // every other place is unsuitable for `other` from 10 to 12, but Platz 05 (taken only in the afternoon)
    // and Platz 20 (free, the farthest seat)
    const frei = ['Platz 03', 'Platz 05', 'Platz 20'];
    for (const p of belegung.plaetze.filter((p) => !frei.includes(p.bezeichnung))) {
      if (p.bezeichnung === 'Platz 02')
        await sqlAusfuehren(sql`update leseraum set aktiv = false where id = ${p.id}`);
      else if (p.bezeichnung === 'Platz 04')
        await sqlAusfuehren(
          sql`update leseraum set eigentuemer_id = ${await benutzerId('mitarbeiter@beispielhausen.example')} where id = ${p.id}`,
        );
      else if (p.bezeichnung === 'Platz 01')
        // the asker's own place is theirs without a booking: not offered
        await sqlAusfuehren(
          sql`update leseraum set eigentuemer_id = ${await benutzerId('fuhrpark@beispielhausen.example')} where id = ${p.id}`,
        );
      else if (p.bezeichnung === 'Platz 06') await belege(p.id, tag, '11:45', '12:15', 'vorgemerkt');
      else if (p.bezeichnung === 'Platz 07') await belege(p.id, tag, '08:00', '18:00', 'verschlossen');
      else if (p.bezeichnung === 'Gruppenraum 1') await belege(p.id, tag, '09:00', '10:30', 'reserviert', 5);
      else await belege(p.id, tag, '08:00', '18:00');
    }
    await belege(platz('Platz 05').id, tag, '14:00', '16:00');

    const angebote = new Set<string>();
    for (let i = 0; i < 8; i++) {
      const refused = await halte(other, { ...stunden, leseraumId: platz('Platz 03').id });
      expect(refused.status).toBe(409);
      const error = await errorOf(refused);
      expect(error.code).toBe('leseraum_buchung.belegt_angebot');
      expect(error.params.frei).toBe(2);
      angebote.add(name(error.params.platzId)!);
      expect(error.message).toBe(
        `Der Platz ist im gewählten Zeitraum bereits belegt. Frei ist noch: ${name(error.params.platzId)} (2 freie Plätze in diesem Raum).`,
      );
    }
    expect([...angebote].every((p) => p === 'Platz 05' || p === 'Platz 20')).toBe(true);

    // the offered place can be booked; the next refusal offers the one left, then none
    const erstes = await errorOf(await halte(other, { ...stunden, leseraumId: platz('Platz 03').id }));
    expect((await halte(other, { ...stunden, leseraumId: erstes.params.platzId })).status).toBe(201);
    const zweites = await errorOf(await halte(staff, { ...stunden, leseraumId: platz('Platz 03').id }));
    expect(zweites).toMatchObject({ code: 'leseraum_buchung.belegt_angebot', params: { frei: 1 } });
    expect(zweites.params.platzId).not.toBe(erstes.params.platzId);
    expect((await halte(staff, { ...stunden, leseraumId: zweites.params.platzId })).status).toBe(201);
    const voll = await halte(other, { ...stunden, leseraumId: platz('Platz 03').id });
    expect(voll.status).toBe(409);
    expect(await errorOf(voll)).toMatchObject({
      code: 'leseraum_buchung.belegt',
      message: 'Der Platz ist im gewählten Zeitraum bereits belegt.',
    });
  });

  it('offers a group only a place its size fits, and a single person any free place', async () => {
    const tag = '2026-11-26';
    const gruppenraum1 = platz('Gruppenraum 1').id;
    expect(
      (await halte(booker, { modus: 'ganztags', tag, leseraumId: gruppenraum1, gruppengroesse: 3 })).status,
    ).toBe(201);
    for (let i = 0; i < 5; i++) {
      const gruppe = await errorOf(
        await halte(other, { modus: 'ganztags', tag, leseraumId: gruppenraum1, gruppengroesse: 5 }),
      );
      expect(gruppe).toMatchObject({
        code: 'leseraum_buchung.belegt_angebot',
        params: { platz: 'Gruppenraum 2', platzId: platz('Gruppenraum 2').id, frei: 1 },
      });
      const einzeln = await errorOf(await halte(other, { modus: 'ganztags', tag, leseraumId: gruppenraum1 }));
      expect(einzeln.code).toBe('leseraum_buchung.belegt_angebot');
      // every place but the taken room and, from the first test, the inactive place and the two own places
      expect(einzeln.params.frei).toBe(belegung.plaetze.length - 1 - 1 - 2);
      expect(einzeln.params.platzId).not.toBe(gruppenraum1);
    }
    // the second room taken as well: a group of five has no place left
    await belege(platz('Gruppenraum 2').id, tag, '12:00', '13:00');
    expect(
      await errorOf(
        await halte(other, { modus: 'ganztags', tag, leseraumId: gruppenraum1, gruppengroesse: 5 }),
      ),
    ).toMatchObject({ code: 'leseraum_buchung.belegt' });
  });

  it('answers those who ask for one place at the same moment with one hold and offers they can take', async () => {
    const tag = '2026-11-27';
    const gefragt = platz('Platz 10').id;
    const nutzer = [booker, other, staff];
    const antworten = await Promise.all(
      nutzer.map((cookie) => halte(cookie, { modus: 'ganztags', tag, leseraumId: gefragt })),
    );
    expect(antworten.map((a) => a.status).sort()).toEqual([201, 409, 409]);
    const plaetze = [gefragt];
    for (const [i, antwort] of antworten.entries()) {
      if (antwort.status === 201) continue;
      // each loser takes the offer; an offer the other loser took meanwhile is refused with the next one
      let error = await errorOf(antwort);
      for (let versuch = 0; ; versuch++) {
        expect(error.code).toBe('leseraum_buchung.belegt_angebot');
        expect(error.params.platzId).not.toBe(gefragt);
        expect(versuch).toBeLessThan(3);
        const genommen = await halte(nutzer[i]!, {
          modus: 'ganztags',
          tag,
          leseraumId: error.params.platzId,
        });
        if (genommen.status === 201) break;
        expect(genommen.status).toBe(409);
        error = await errorOf(genommen);
      }
      plaetze.push(String(error.params.platzId));
    }
    const { rows } = await sqlAusfuehren(sql`
      select count(*)::int as n, count(distinct leseraum_id)::int as plaetze from leseraum_buchung
      where status <> 'storniert' and von >= ${at(tag, '00:00')} and von < ${at(tag, '23:59')}`);
    expect(rows[0]).toEqual({ n: 3, plaetze: 3 });
    // none of them is an inactive place or another's own place (the first test's)
    expect(plaetze.map(name)).not.toContain('Platz 02');
    expect(plaetze.map(name)).not.toContain('Platz 04');
  });
});
