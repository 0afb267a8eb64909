/**
 * The Monday-morning rush (decision 261): N users with valid sessions ask for places of one reading room for the next
 * day within one minute, more users than places. Each user asks for a place (the front rows are wanted most);
 * a user refused because the place is taken takes the place the refusal offers (decision 261), up to five offers.
 * Reports the answers, their latency and checks no place holds more bookings than its capacity.
 *
 * Users and sessions are made with SQL (`nutzerMitSitzung`: a sign-in each would measure the password hash 1,000
 * times), with the roles and groups of the tenant's demo employee.
 */
import { addCalendarDays, berlinDateKey } from '@stellwerk/domain/time';
import { sql } from 'drizzle-orm';
import { percentile } from './messen';
import type { BenchZiel } from './server';
import { nutzerMitSitzung } from './sitzungen';

export type AnsturmErgebnis = {
  driver: string;
  nutzer: number;
  plaetze: number;
  sekunden: number;
  anfragen: number;
  gebucht: number;
  /** Users refused at least once, then booked the offered place. */
  nachAngebotGebucht: number;
  /** Users told that no place was free any more (the room is full). */
  ohnePlatz: number;
  /** Users still refused after five offers (each offered place taken meanwhile). */
  aufgegeben: number;
  /** 409 answers that offered another place. */
  angebote: number;
  /** Answers other than 201 and 409 (must be 0). */
  fehler: number;
  /** Place-days over capacity after the rush (must be 0). */
  ueberbelegt: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  /** Per user: from the first request to the last answer. */
  nutzerP95: number;
};

/** A small deterministic generator (mulberry32), so two runs ask for the same places in the same order. */
const zufall = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

/** The plan, its places (capacity 1, open every day 07:00–17:00), and `nutzer` users with a session each. */
const baue = async (server: BenchZiel, nutzer: number, plaetze: number) => {
  const [demo] = (
    await server.database.withAllTenants((tx) =>
      tx.execute(sql`
        select b.mandant_id from benutzer b where b.email = 'mitarbeiter@beispielhausen.example'`),
    )
  ).rows as { mandant_id: string }[];
  const mandantId = demo!.mandant_id;
  const grundrissId = await server.database.withTenant(mandantId, async (tx) => {
    const [plan] = (
      await tx.execute(sql`
        insert into grundriss_leseraum (mandant_id, bezeichnung, beschreibung, bereich)
        values (${mandantId}, 'Prüfungs-Lesesaal', 'Montagmorgen', 'leseraum') returning id`)
    ).rows as { id: string }[];
    await tx.execute(sql`
      insert into leseraum (mandant_id, grundriss_id, bezeichnung, kapazitaet, position)
      select ${mandantId}, ${plan!.id}, 'Platz ' || lpad(i::text, 4, '0'), 1,
             jsonb_build_object('x', 40 + (i % 30) * 50, 'y', 40 + (i / 30) * 60)
      from generate_series(0, ${plaetze - 1}) as i`);
    await tx.execute(sql`
      insert into oeffnungszeit (mandant_id, grundriss_id, wochentag, von, bis, geoeffnet)
      select ${mandantId}, ${plan!.id}, d, '07:00', '17:00', true from generate_series(0, 6) as d`);
    await tx.execute(sql`
      insert into customizing (mandant_id, customizing_option_name, wert) values
        (${mandantId}, 'LeseraumMaximaleBuchungenAlsBuchenderProWoche', '0'),
        (${mandantId}, 'LeseraumBuchbareWochenTage', '[0,1,2,3,4,5,6]')
      on conflict do nothing`);
    return plan!.id;
  });
  const { cookies } = await nutzerMitSitzung(server, {
    vorbild: 'mitarbeiter@beispielhausen.example',
    anzahl: nutzer,
    name: 'Ansturm',
  });
  return { mandantId, grundrissId, cookies };
};

/** Place-days of the plan holding more live bookings than the place's capacity. */
const ueberbelegt = async (server: BenchZiel, mandantId: string, grundrissId: string, tag: string) =>
  server.database.withTenant(mandantId, async (tx) => {
    const rows = (
      await tx.execute(sql`
        select count(*)::int as n from (
          select l.id from leseraum l join leseraum_buchung b on b.leseraum_id = l.id
          where l.grundriss_id = ${grundrissId} and b.status <> 'storniert'
            and b.von < (${tag}::date + 1)::timestamp at time zone 'Europe/Berlin'
            and b.bis > ${tag}::date::timestamp at time zone 'Europe/Berlin'
          group by l.id, l.kapazitaet having count(*) > l.kapazitaet) x`)
    ).rows as { n: number }[];
    return rows[0]!.n;
  });

export const benchAnsturm = async (
  server: BenchZiel,
  { nutzer, plaetze, sekunden }: { nutzer: number; plaetze: number; sekunden: number },
): Promise<AnsturmErgebnis> => {
  const started = performance.now();
  const { mandantId, grundrissId, cookies } = await baue(server, nutzer, plaetze);
  const platzIds = (
    (
      await server.database.withTenant(mandantId, (tx) =>
        tx.execute(sql`select id from leseraum where grundriss_id = ${grundrissId} order by bezeichnung`),
      )
    ).rows as { id: string }[]
  ).map((r) => r.id);
  console.log(
    `${server.driver}: ${nutzer} users with sessions and a room of ${plaetze} places built in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  const tag = addCalendarDays(berlinDateKey(new Date()), 1);
  const wahl = zufall(25);
  const latenzen: number[] = [];
  const proNutzer: number[] = [];
  const zaehler = {
    anfragen: 0,
    gebucht: 0,
    nachAngebot: 0,
    ohnePlatz: 0,
    angebote: 0,
    fehler: 0,
    aufgegeben: 0,
  };
  const fehlerBeispiele: string[] = [];

  const frage = async (cookie: string, leseraumId: string) => {
    const t0 = performance.now();
    const response = await fetch(`${server.baseUrl}/api/leseraum-buchungen`, {
      method: 'POST',
      headers: { cookie, origin: server.baseUrl, 'content-type': 'application/json' },
      body: JSON.stringify({ modus: 'ganztags', leseraumId, tag }),
    });
    const body = (await response.json()) as { error?: { code: string; params: Record<string, unknown> } };
    latenzen.push(performance.now() - t0);
    zaehler.anfragen += 1;
    return { status: response.status, body };
  };

  const nutzerLauf = async (cookie: string, erster: string) => {
    const t0 = performance.now();
    let platz = erster;
    for (let versuch = 0; ; versuch++) {
      if (versuch === 6) {
        zaehler.aufgegeben += 1;
        break;
      }
      const { status, body } = await frage(cookie, platz);
      if (status === 201) {
        zaehler.gebucht += 1;
        if (versuch > 0) zaehler.nachAngebot += 1;
        break;
      }
      if (status === 409 && body.error?.code === 'leseraum_buchung.belegt_angebot') {
        zaehler.angebote += 1;
        platz = String(body.error.params.platzId);
        continue;
      }
      if (status === 409 && body.error?.code === 'leseraum_buchung.belegt') {
        zaehler.ohnePlatz += 1;
        break;
      }
      zaehler.fehler += 1;
      if (fehlerBeispiele.length < 5) fehlerBeispiele.push(`${status} ${JSON.stringify(body)}`);
      break;
    }
    proNutzer.push(performance.now() - t0);
  };

  // arrivals spread at random over the window; the wanted place skewed to the front rows
  const ankunft = cookies.map(() => wahl() * sekunden * 1000).sort((a, b) => a - b);
  const lauefe: Promise<void>[] = [];
  const t0 = performance.now();
  for (const [i, cookie] of cookies.entries()) {
    const warten = ankunft[i]! - (performance.now() - t0);
    if (warten > 0) await new Promise((r) => setTimeout(r, warten));
    lauefe.push(nutzerLauf(cookie, platzIds[Math.floor(wahl() ** 2 * platzIds.length)]!));
  }
  await Promise.all(lauefe);
  const dauer = (performance.now() - t0) / 1000;
  if (fehlerBeispiele.length > 0)
    console.log(`${server.driver}: unexpected answers:\n${fehlerBeispiele.join('\n')}`);
  latenzen.sort((a, b) => a - b);
  proNutzer.sort((a, b) => a - b);
  return {
    driver: server.driver,
    nutzer,
    plaetze,
    sekunden: Math.round(dauer * 10) / 10,
    anfragen: zaehler.anfragen,
    gebucht: zaehler.gebucht,
    nachAngebotGebucht: zaehler.nachAngebot,
    ohnePlatz: zaehler.ohnePlatz,
    aufgegeben: zaehler.aufgegeben,
    angebote: zaehler.angebote,
    fehler: zaehler.fehler,
    ueberbelegt: await ueberbelegt(server, mandantId, grundrissId, tag),
    p50: percentile(latenzen, 50),
    p95: percentile(latenzen, 95),
    p99: percentile(latenzen, 99),
    max: latenzen.at(-1) ?? Number.NaN,
    nutzerP95: percentile(proNutzer, 95),
  };
};
