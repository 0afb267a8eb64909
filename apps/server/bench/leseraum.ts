/**
 * The reading-room part of `npm run bench`: a floor plan with 1,000 places and 200,000 bookings
 * in one tenant, then `GET /api/grundrisse/{id}/belegung` for a day and `POST /api/leseraum-buchungen`.
 * The data is made with SQL in the tenant's own transaction (row-level security applies as for requests).
 */
import { addCalendarDays, berlinDateKey } from '@stellwerk/domain/time';
import { sql } from 'drizzle-orm';
import { signIn } from '../test/harness';
import { type BenchZiel, statistikAuffrischen } from './server';

export const PLAETZE = 1000;
export const BUCHUNGEN = 200_000;

/** Days from today whose places stay free for the POST measurement. */
const FREIE_TAGE = [2, 3, 4, 5, 6, 7, 8];

export type LeseraumBenchData = {
  grundrissId: string;
  plaetze: string[];
  belegungTag: string;
  postTage: string[];
};

/**
 * Builds the plan in the tenant of `mandantId`: places on a 40 x 25 grid, open every day 07:00–17:00 (ten hours: the default maximum length),
 * every weekday bookable, no weekly limit; each place has 200 bookings on every third day around today
 * (a fifth cancelled, the past ones performed), except on the days kept free for the POST measurement
 * (so about 197,700 rows; the exact count is printed).
 */
export const buildLeseraumBenchData = async (
  server: BenchZiel,
  mandantId: string,
): Promise<LeseraumBenchData> => {
  const heute = berlinDateKey(new Date());
  const data = await server.database.withTenant(mandantId, async (tx) => {
    const [plan] = (
      await tx.execute(sql`
        insert into grundriss_leseraum (mandant_id, bezeichnung, beschreibung, bereich)
        values (${mandantId}, 'Bench-Lesesaal', '1.000 Plätze für die Messung', 'leseraum')
        returning id`)
    ).rows as { id: string }[];
    const grundrissId = plan!.id;
    await tx.execute(sql`
      insert into leseraum (mandant_id, grundriss_id, bezeichnung, kapazitaet, position)
      select ${mandantId}, ${grundrissId}, 'Bench ' || lpad(i::text, 4, '0'), 1,
             jsonb_build_object('x', 40 + (i % 40) * 50, 'y', 40 + (i / 40) * 60)
      from generate_series(0, ${PLAETZE - 1}) as i`);
    await tx.execute(sql`
      insert into oeffnungszeit (mandant_id, grundriss_id, wochentag, von, bis, geoeffnet)
      select ${mandantId}, ${grundrissId}, d, '07:00', '17:00', true from generate_series(0, 6) as d`);
    await tx.execute(sql`
      insert into customizing (mandant_id, customizing_option_name, wert) values
        (${mandantId}, 'LeseraumMaximaleBuchungenAlsBuchenderProWoche', '0'),
        (${mandantId}, 'LeseraumBuchbareWochenTage', '[0,1,2,3,4,5,6]')
      on conflict do nothing`);
    const perPlatz = BUCHUNGEN / PLAETZE;
    await tx.execute(sql`
      insert into leseraum_buchung (mandant_id, leseraum_id, von, bis, status, systembenutzer1_mail, systembenutzer2_mail)
      select ${mandantId}, l.id,
             (t.tag + time '08:00') at time zone 'Europe/Berlin',
             (t.tag + time '17:00') at time zone 'Europe/Berlin',
             case when g % 5 = 0 then 'storniert'
                  when t.tag < ${heute}::date then 'durchgeführt'
                  else 'reserviert' end,
             'bench-' || (g % 50) || '@beispielhausen.example',
             'bench-' || (g % 50) || '@beispielhausen.example'
      from (select id, row_number() over (order by id) as n from leseraum where grundriss_id = ${grundrissId}) l
      cross join generate_series(0, ${perPlatz - 1}) as g
      cross join lateral (select ${heute}::date - 300 + g * 3 + (l.n % 3)::int as tag) t
      where (t.tag - ${heute}::date) not in (${sql.raw(FREIE_TAGE.join(', '))})`);
    const plaetze = (
      (
        await tx.execute(
          sql`select id from leseraum where grundriss_id = ${grundrissId} order by bezeichnung`,
        )
      ).rows as { id: string }[]
    ).map((r) => r.id);
    return {
      grundrissId,
      plaetze,
      // a day whose bookings are not cancelled: on day d the places with n % 3 = (300 + d) % 3 hold booking
      // g = (300 + d - n % 3) / 3, and g % 5 = 0 is cancelled (tomorrow is such a day: g = 100)
      belegungTag: addCalendarDays(heute, 9),
      postTage: FREIE_TAGE.map((d) => addCalendarDays(heute, d)),
    };
  });
  await statistikAuffrischen(server);
  return data;
};

/** How many bookings the plan's places hold (to print with the results). */
export const countBenchBuchungen = async (server: BenchZiel, mandantId: string, grundrissId: string) =>
  server.database.withTenant(mandantId, async (tx) => {
    const rows = (
      await tx.execute(sql`
        select count(*)::int as n from leseraum_buchung b join leseraum l on l.id = b.leseraum_id
        where l.grundriss_id = ${grundrissId}`)
    ).rows as { n: number }[];
    return rows[0]!.n;
  });

/**
 * The hot query of `GET /api/grundrisse/{id}/belegung` (`findBelegungen`) as raw SQL, for EXPLAIN: the plan's
 * non-cancelled bookings overlapping the Berlin day `tag` (a booking lies within one opening day, so it starts
 * less than a day before the day's start).
 */
export const belegungSql = (grundrissId: string, tag: string) => sql`
  select b.id, b.leseraum_id, b.von, b.bis, b.status from leseraum_buchung b
  join leseraum l on l.id = b.leseraum_id
  where l.grundriss_id = ${grundrissId} and b.status <> 'storniert'
    and b.von > (${tag}::date - 1)::timestamp at time zone 'Europe/Berlin'
    and b.von < (${tag}::date + 1)::timestamp at time zone 'Europe/Berlin'
    and b.bis > ${tag}::date::timestamp at time zone 'Europe/Berlin'
  order by b.von`;

/**
 * The plan of the library's demo tenant as its employee sees it: signs in, builds the plan and prints its size and
 * build time; answers the employee's session, the tenant and the plan.
 */
export const leseraumPlanBauen = async (server: BenchZiel) => {
  const cookie = await signIn(server.baseUrl, 'mitarbeiter@beispielhausen.example');
  const me = (await (await fetch(`${server.baseUrl}/api/me`, { headers: { cookie } })).json()) as {
    user: { mandantId: string };
  };
  const started = performance.now();
  const data = await buildLeseraumBenchData(server, me.user.mandantId);
  const rows = await countBenchBuchungen(server, me.user.mandantId, data.grundrissId);
  console.log(
    `${server.driver}: plan with ${data.plaetze.length} places and ${rows} bookings built in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  return { cookie, mandantId: me.user.mandantId, data };
};
