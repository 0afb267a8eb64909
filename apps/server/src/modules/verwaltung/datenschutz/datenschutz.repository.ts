/**
 * The reads of the data-protection access request (decision 200): everything stored about one person of the
 * tenant, per declared data category. Read-only; runs in the tenant's transaction (row-level security), and
 * every query is bound to the person's id or mail address besides.
 */
import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { leseAnmeldungDerPerson } from '../../identitaet/auth/auth.accounts.ts';
import { leseZugriffstokenDerPerson } from '../../identitaet/zugriffstoken/zugriffstoken.datenschutz.ts';
import { lesePushGeraeteDerPerson } from '../../plattform/push/push.datenschutz.ts';

export type Zeile = Record<string, string | number | boolean | null>;

/** A timestamp as the drivers return it from a raw query (Date, or text like `2026-04-21 07:00:00+00`). */
const ZEITSTEMPEL = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2}(?:\.\d+)?)([+-]\d{2})(?::?(\d{2}))?$/;
const alsWert = (v: unknown): string | number | boolean | null => {
  if (v instanceof Date) return v.toISOString();
  const m = typeof v === 'string' ? ZEITSTEMPEL.exec(v) : null;
  if (m) return new Date(`${m[1]}T${m[2]}${m[3]}:${m[4] ?? '00'}`).toISOString();
  return v as string | number | boolean | null;
};

const normal = (rows: unknown[]): Zeile[] =>
  (rows as Record<string, unknown>[]).map((r) =>
    Object.fromEntries(Object.entries(r).map(([k, v]) => [k, alsWert(v)])),
  );

export type Person = { id: string; email: string; authUserId: string | null };

/** Whether the person is a platform administrator (only one of them may erase them). */
export const istPlattformAdmin = async (tx: Tx, id: string): Promise<boolean> =>
  Boolean(
    (
      (await tx.execute(sql`select plattform_admin as p from benutzer where id = ${id}`)).rows[0] as
        | { p: boolean }
        | undefined
    )?.p,
  );

/**
 * Records that must be kept and still point at the person's id (decision 235): logbook trips, vehicle history
 * entries, reported damages, service-book entries. Read-only counts.
 */
export const zaehleBehalteneVerweise = async (tx: Tx, id: string): Promise<number> => {
  const r = await tx.execute(sql`select
      (select count(*) from fahrtenbuch_eintrag where fahrer_id = ${id})
    + (select count(*) from fahrzeug_historie where benutzer_id = ${id})
    + (select count(*) from fahrzeug_schaden where gemeldet_von_id = ${id})
    + (select count(*) from serviceheft_eintrag where benutzer_id = ${id}) as n`);
  return Number((r.rows[0] as { n: number | string } | undefined)?.n ?? 0);
};

export const findPerson = async (tx: Tx, id: string): Promise<(Person & Zeile) | null> => {
  const r =
    await tx.execute(sql`select id, vorname, nachname, email, username, employee_id as "personalnummer",
      status, is_sso as "sso", created_at as "angelegtAm", auth_user_id as "authUserId"
    from benutzer where id = ${id} and status <> 'geloescht'`);
  const [row] = normal(r.rows);
  return row ? (row as Person & Zeile) : null;
};

/** The rows of each data category, by the category's id in the declarations. */
export const leseDatenDerPerson = async (tx: Tx, p: Person): Promise<Record<string, Zeile[]>> => {
  const q = async (query: ReturnType<typeof sql>) => normal((await tx.execute(query)).rows);
  // sessions, passkeys and factors are the sign-in's own tables, read through its operation (decision 236):
  // dates, names, browser and kind, never a token, key or secret
  const anmeldung = p.authUserId
    ? await leseAnmeldungDerPerson(tx, p.authUserId)
    : { sitzungen: [], passkeys: [], faktoren: [] };
  return {
    konto: [
      ...(await q(sql`select 'konto' as art, vorname, nachname, email, username, status,
        created_at as "angelegtAm" from benutzer where id = ${p.id}`)),
      ...normal(anmeldung.sitzungen.map((s) => ({ art: 'sitzung', ...s }))),
      ...normal(anmeldung.passkeys.map((k) => ({ art: 'passkey', ...k }))),
      ...normal(anmeldung.faktoren.map((f) => ({ art: 'faktor', faktor: f.art, angelegtAm: f.angelegtAm }))),
      ...normal((await leseZugriffstokenDerPerson(tx, p.id)).map((t) => ({ art: 'zugriffstoken', ...t }))),
    ],
    berechtigungen: [
      ...(await q(sql`select 'gruppe' as art, g.name from benutzer_gruppe bg join gruppe g on g.id = bg.gruppe_id
        where bg.benutzer_id = ${p.id} order by g.name`)),
      ...(await q(sql`select 'rolle' as art, r.name from benutzer_rolle br join rolle r on r.id = br.rolle_id
        where br.benutzer_id = ${p.id} order by r.name`)),
      ...(await q(sql`select 'recht' as art, permission_name as name from benutzer_permission
        where benutzer_id = ${p.id} order by permission_name`)),
    ],
    einstellungen: [
      ...(await q(sql`select customizing_option_name as "einstellung", wert from customizing
      where benutzer_id = ${p.id} order by customizing_option_name`)),
      ...normal((await lesePushGeraeteDerPerson(tx, p.id)).map((g) => ({ art: 'push_geraet', ...g }))),
    ],
    leseraum_buchungen: await q(sql`select l.bezeichnung as "platz", b.von, b.bis, b.status,
        b.gruppengroesse as "gruppengroesse", b.storno_grund as "stornoGrund",
        case when lower(b.systembenutzer1_mail) = lower(${p.email}) then 'gebucht' else 'bestätigt' end as "rolle"
      from leseraum_buchung b join leseraum l on l.id = b.leseraum_id
      where lower(b.systembenutzer1_mail) = lower(${p.email}) or lower(b.systembenutzer2_mail) = lower(${p.email})
      order by b.von`),
    fahrzeug_buchungen: await q(sql`select f.kennzeichen, b.von, b.bis, b.status, b.typ, b.anlass,
        b.ziel_adresse as "ziel", b.ziel_person as "zielPerson",
        case when b.benutzer_id = ${p.id} then 'gebucht' else 'gefahren' end as "rolle"
      from fahrzeug_buchung b join fahrzeug f on f.id = b.fahrzeug_id
      where b.benutzer_id = ${p.id} or b.fahrer_id = ${p.id}
      order by b.von`),
    fahrtenbuch: await q(sql`select e.kennzeichen, e.laufnummer, e.beginn, e.ende, e.km_beginn as "kmBeginn",
        e.km_ende as "kmEnde", e.art, e.ziel, e.zweck, e.partner, e.fahrer_name as "fahrerName"
      from fahrtenbuch_eintrag e where e.fahrer_id = ${p.id} order by e.beginn, e.laufnummer`),
    fuehrerschein:
      await q(sql`select letzte_pruefung as "letztePruefung", naechste_pruefung as "naechstePruefung",
        fahrverbot, fahrverbot_von as "fahrverbotVon", fahrverbot_bis as "fahrverbotBis"
      from fuehrerschein where benutzer_id = ${p.id}`),
    protokoll: await q(sql`select at as "zeitpunkt", action as "aktion", entity as "objekt"
      from audit_log where benutzer_id = ${p.id} order by at desc limit 500`),
  };
};
