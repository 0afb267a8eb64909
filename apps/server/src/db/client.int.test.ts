import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mandant } from '../modules/verwaltung/mandant/mandant.table.ts';
import { APP_ROLE, PLATFORM_ROLE } from './client.ts';
import { constraintOf, sqlStateOf } from './errors.ts';
import { openTestDatabase, type TestDatabase, testDrivers } from './test-database.ts';

describe.each(testDrivers())('database client on %s', (driver) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await openTestDatabase(driver);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('applies every migration to an empty database', async () => {
    const { rows } = await t.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from pg_tables where schemaname = 'public'`,
    );
    expect(rows[0]?.n).toBe(76); // 0041: leseraum_tag_minuten (decision 276); 0040: fahrzeug_monat_minuten (decision 274); 0039: fahrzeug_tag_minuten (decision 256); 0037: spind_schloss_auftrag (decision 250); 0036: fahrzeug_nachfrage_ungedeckt, auswertung_versand (decisions 246, 247); 0035: push_abo, push_ausgang (decision 245); 0034: zugriffstoken (decision 226); 0033: spindbank, spind, spind_buchung (decision 186); 0032: kiosk, kiosk_eincheck, kiosk_kopplung (decision 182); 0029: kalender_abo, kalender_eintrag (decision 168); 0018: fahrtenbuch_anker, datei_entfernung; 0019: telefon_faktor, sms_ausgang; 0021: fahrtenbuch_kopf; 0024: sitzung_anmeldung, scim_geloescht; saml_sp_schluessel (decision 122)
    const ext = await t.database.db.execute(sql`select 1 from pg_extension where extname = 'btree_gist'`);
    expect(ext.rows).toHaveLength(1);
    expect(t.database.driver).toBe(driver);
  });

  it('answers a ping', async () => {
    await expect(t.database.ping()).resolves.toBeUndefined();
  });

  it('runs tenant transactions as the application role with the tenant set', async () => {
    const id = '0b6c1a55-1111-4a4a-8a8a-000000000001';
    const { rows } = await t.database.withTenant(id, (tx) =>
      tx.execute<{ who: string; m: string }>(
        sql`select current_user as who, current_setting('app.mandant_id') as m`,
      ),
    );
    expect(rows[0]).toEqual({ who: APP_ROLE, m: id });
  });

  it('rejects a tenant id that is not a uuid before touching the database', async () => {
    await expect(t.database.withTenant('not-a-uuid', async () => 1)).rejects.toThrow(TypeError);
  });

  it('runs owner transactions as the platform role and rolls back on error', async () => {
    const who = await t.database.withAllTenants((tx) =>
      tx.execute<{ who: string }>(sql`select current_user as who`),
    );
    expect(who.rows[0]?.who).toBe(PLATFORM_ROLE);
    await expect(
      t.database.withAllTenants(async (tx) => {
        await tx.insert(mandant).values({ name: 'Rollback GmbH' });
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    const rows = await t.database.db.select().from(mandant);
    expect(rows).toHaveLength(0);
  });

  it('keeps role and tenant local to each transaction: after a failed one, no pooled connection carries them on', async () => {
    const id = '0b6c1a55-1111-4a4a-8a8a-000000000002';
    await expect(
      t.database.withTenant(id, (tx) => tx.execute(sql`select 'kein-uuid'::uuid`)),
    ).rejects.toThrow();
    const seen = await Promise.all(
      Array.from({ length: 12 }, () =>
        t.database.withoutTenant((tx) =>
          tx.execute<{ who: string; m: string }>(
            sql`select current_user as who, current_setting('app.mandant_id', true) as m`,
          ),
        ),
      ),
    );
    for (const r of seen) expect(r.rows[0]).toEqual({ who: PLATFORM_ROLE, m: '' });
    const ausserhalb = await t.database.db.execute<{ m: string | null }>(
      sql`select current_setting('app.mandant_id', true) as m`,
    );
    expect(ausserhalb.rows[0]?.m ?? '').toBe('');
  });

  it('runs a nested transaction as a savepoint: its failure undoes only itself', async () => {
    const id = '0b6c1a55-1111-4a4a-8a8a-000000000003';
    const tenant = await t.database.withTenant(id, async (tx) => {
      await expect(tx.transaction((inner) => inner.execute(sql`select 'kein-uuid'::uuid`))).rejects.toThrow();
      const r = await tx.execute<{ m: string }>(sql`select current_setting('app.mandant_id') as m`);
      return r.rows[0]?.m;
    });
    expect(tenant).toBe(id);
  });

  it('reports SQLSTATE and constraint of driver errors', async () => {
    const err = await t.database.db
      .execute(sql`select 'kein-uuid'::uuid`)
      .then(() => undefined)
      .catch((e: unknown) => e);
    expect(sqlStateOf(err)).toBe('22P02');
    expect(sqlStateOf(new Error('plain'))).toBeUndefined();
    expect(sqlStateOf(undefined)).toBeUndefined();
    const fk = await t.database.db
      .execute(sql`insert into mandant_domain (mandant_id, domain) values (gen_random_uuid(), 'x.example')`)
      .then(() => undefined)
      .catch((e: unknown) => e);
    expect(sqlStateOf(fk)).toBe('23503');
    expect(constraintOf(fk)).toBe('mandant_domain_mandant_id_mandant_id_fk');
  });

  it('delivers notifications to listeners until they unsubscribe', async () => {
    const received: string[] = [];
    const unlisten = await t.database.listen('stellwerk_test', (p) => received.push(p));
    await t.database.notify('stellwerk_test', 'eins');
    await t.database.withoutTenant((tx) => tx.execute(sql`select pg_notify('stellwerk_test', 'zwei')`));
    await expect.poll(() => received, { timeout: 5000 }).toEqual(['eins', 'zwei']);
    await unlisten();
    await t.database.notify('stellwerk_test', 'drei');
    await new Promise((r) => setTimeout(r, 200));
    expect(received).toEqual(['eins', 'zwei']);
  });
});
