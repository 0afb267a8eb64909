import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { benutzer, permission } from '../modules/benutzer/benutzer.table.ts';
import { fahrzeug, fahrzeugBuchung } from '../modules/fahrzeug/fahrzeug.table.ts';
import { mandant } from '../modules/mandant/mandant.table.ts';
import { standort } from '../modules/standort/standort.table.ts';
import { APP_ROLE } from './client.ts';
import { sqlStateOf } from './errors.ts';
import { openTestDatabase, type TestDatabase, testDrivers } from './test-database.ts';
import { createTenantFixture, type TenantFixture } from './test-fixtures.ts';

/** Resolves to 'ok' or the SQLSTATE (or message) the promise failed with. */
const outcome = (p: Promise<unknown>): Promise<string> =>
  p.then(
    () => 'ok',
    (e: unknown) => sqlStateOf(e) ?? String(e),
  );

/** Tables the application role may read although they carry no tenant: the global catalogues. */
const GLOBAL_CATALOGUES = ['customizing_option', 'feature', 'permission'];
const AUTH_TABLES = ['account', 'rate_limit', 'session', 'two_factor', 'user', 'verification'];

describe.each(testDrivers())('tenant isolation on %s', (driver) => {
  let t: TestDatabase;
  let a: TenantFixture;
  let b: TenantFixture;
  beforeAll(async () => {
    t = await openTestDatabase(driver);
    a = await createTenantFixture(t.database.db, 'Mandant A');
    b = await createTenantFixture(t.database.db, 'Mandant B');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('the application role is neither a superuser nor exempt from row-level security', async () => {
    const { rows } = await t.database.db.execute<{
      rolsuper: boolean;
      rolbypassrls: boolean;
      rolcanlogin: boolean;
    }>(sql`select rolsuper, rolbypassrls, rolcanlogin from pg_roles where rolname = ${APP_ROLE}`);
    expect(rows).toEqual([{ rolsuper: false, rolbypassrls: false, rolcanlogin: false }]);
  });

  it('inside a tenant transaction only that tenant’s rows are visible', async () => {
    const vehicles = await t.database.withTenant(a.mandantId, (tx) => tx.select().from(fahrzeug));
    expect(vehicles.map((v) => v.id).sort()).toEqual([...a.fahrzeugIds].sort());
    const tenants = await t.database.withTenant(a.mandantId, (tx) => tx.select().from(mandant));
    expect(tenants.map((m) => m.id)).toEqual([a.mandantId]);
    const users = await t.database.withTenant(b.mandantId, (tx) => tx.select().from(benutzer));
    expect(users.map((u) => u.id)).toEqual([b.benutzerId]);
  });

  it('another tenant’s row looked up by id is simply not there', async () => {
    const rows = await t.database.withTenant(a.mandantId, (tx) =>
      tx.select().from(fahrzeug).where(eq(fahrzeug.id, b.fahrzeugIds[0])),
    );
    expect(rows).toEqual([]);
  });

  it('an insert carrying another tenant’s mandant_id is refused', async () => {
    const result = await outcome(
      t.database.withTenant(a.mandantId, (tx) =>
        tx.insert(standort).values({ mandantId: b.mandantId, name: 'Untergeschoben' }),
      ),
    );
    expect(result).toBe('42501');
    const own = await outcome(
      t.database.withTenant(a.mandantId, (tx) =>
        tx.insert(standort).values({ mandantId: a.mandantId, name: 'Süd' }),
      ),
    );
    expect(own).toBe('ok');
  });

  it('updates and deletes do not reach another tenant’s rows, nor move a row to another tenant', async () => {
    const updated = await t.database.withTenant(a.mandantId, (tx) =>
      tx.update(fahrzeug).set({ farbe: 'pink' }).where(eq(fahrzeug.id, b.fahrzeugIds[0])).returning(),
    );
    expect(updated).toEqual([]);
    const deleted = await t.database.withTenant(a.mandantId, (tx) =>
      tx.delete(benutzer).where(eq(benutzer.id, b.benutzerId)).returning(),
    );
    expect(deleted).toEqual([]);
    const moved = await outcome(
      t.database.withTenant(a.mandantId, (tx) =>
        tx.update(standort).set({ mandantId: b.mandantId }).where(eq(standort.id, a.standortId)),
      ),
    );
    expect(moved).not.toBe('ok');
  });

  it('a booking cannot point at another tenant’s vehicle (tenant-scoped foreign keys)', async () => {
    const result = await outcome(
      t.database.withTenant(a.mandantId, (tx) =>
        tx.insert(fahrzeugBuchung).values({
          mandantId: a.mandantId,
          benutzerId: a.benutzerId,
          fahrzeugId: b.fahrzeugIds[0],
          von: new Date('2026-12-01T08:00:00Z'),
          bis: new Date('2026-12-01T10:00:00Z'),
          status: 'reserviert',
        }),
      ),
    );
    expect(result).toBe('23503');
  });

  it('without a tenant set the application role sees nothing, also after a tenant transaction', async () => {
    await t.database.withTenant(a.mandantId, (tx) => tx.select().from(fahrzeug));
    const counts = await t.database.withOwner(async (tx) => {
      await tx.execute(sql.raw(`set local role ${APP_ROLE}`));
      const { rows } = await tx.execute<{ v: number; m: number; b: number }>(
        sql`select (select count(*) from fahrzeug)::int as v, (select count(*) from mandant)::int as m,
                   (select count(*) from benutzer)::int as b`,
      );
      return rows[0];
    });
    expect(counts).toEqual({ v: 0, m: 0, b: 0 });
  });

  it('the owner connection sees every tenant', async () => {
    const all = await t.database.db.select().from(fahrzeug);
    expect(all.length).toBeGreaterThanOrEqual(4);
  });

  it('global catalogues are readable but not writable by tenants', async () => {
    await t.database.db
      .insert(permission)
      .values({ name: 'test_recht', description: 'Test' })
      .onConflictDoNothing();
    const read = await t.database.withTenant(a.mandantId, (tx) => tx.select().from(permission));
    expect(read.map((p) => p.name)).toContain('test_recht');
    const write = await outcome(
      t.database.withTenant(a.mandantId, (tx) =>
        tx.insert(permission).values({ name: 'x', description: 'x' }),
      ),
    );
    expect(write).toBe('42501');
  });

  it.each(AUTH_TABLES)(
    'the authentication table %s is not reachable from a tenant transaction',
    async (table) => {
      const result = await outcome(
        t.database.withTenant(a.mandantId, (tx) => tx.execute(sql`select * from ${sql.identifier(table)}`)),
      );
      expect(result).toBe('42501');
    },
  );

  it('the audit trail is append-only for tenants', async () => {
    const insert = await outcome(
      t.database.withTenant(a.mandantId, (tx) =>
        tx.execute(
          sql`insert into audit_log (mandant_id, action, entity) values (${a.mandantId}, 'test', 'fahrzeug')`,
        ),
      ),
    );
    expect(insert).toBe('ok');
    const del = await outcome(
      t.database.withTenant(a.mandantId, (tx) => tx.execute(sql`delete from audit_log`)),
    );
    expect(del).toBe('42501');
  });

  it('every table the application role can reach is tenant-isolated or a global catalogue', async () => {
    const { rows } = await t.database.db.execute<{
      table: string;
      rls: boolean;
      policies: number;
      tenant: boolean;
    }>(sql`
      select c.relname as table, c.relrowsecurity as rls,
             (select count(*) from pg_policy p where p.polrelid = c.oid)::int as policies,
             exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'mandant_id'
                     and not a.attisdropped) or c.relname = 'mandant' as tenant
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p')
        and has_table_privilege(${APP_ROLE}, c.oid, 'SELECT, INSERT, UPDATE, DELETE')
      order by 1`);
    const unprotected = rows.filter(
      (r) => !(r.rls && r.policies > 0) && !GLOBAL_CATALOGUES.includes(r.table),
    );
    expect(unprotected).toEqual([]);
    const tenantTablesWithoutRls = rows.filter((r) => r.tenant && !r.rls);
    expect(tenantTablesWithoutRls).toEqual([]);
    expect(rows.filter((r) => AUTH_TABLES.includes(r.table))).toEqual([]);
  });

  it('every table with a mandant_id column has row-level security and an index leading with it', async () => {
    const { rows } = await t.database.db.execute<{ table: string; rls: boolean; leading_index: boolean }>(sql`
      select c.relname as table, c.relrowsecurity as rls,
             exists (select 1 from pg_index i where i.indrelid = c.oid and i.indkey[0] = a.attnum) as leading_index
      from pg_class c
      join pg_namespace n on n.oid = c.relnamespace
      join pg_attribute a on a.attrelid = c.oid and a.attname = 'mandant_id' and not a.attisdropped
      where n.nspname = 'public' and c.relkind = 'r'
      order by 1`);
    expect(rows.length).toBe(31);
    expect(rows.filter((r) => !r.rls || !r.leading_index)).toEqual([]);
  });
});
