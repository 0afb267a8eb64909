import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fahrzeug } from '../modules/fahrzeuge/fahrzeug/fahrzeug.table.ts';
import { fahrzeugBuchung } from '../modules/fahrzeuge/fahrzeug-buchung/fahrzeug-buchung.table.ts';
import { benutzer } from '../modules/identitaet/benutzer/benutzer.table.ts';
import { permission } from '../modules/identitaet/rolle/rolle.table.ts';
import { feature, mandantFeature } from '../modules/verwaltung/customizing/customizing.table.ts';
import { mandant, mandantDomain } from '../modules/verwaltung/mandant/mandant.table.ts';
import { standort } from '../modules/verwaltung/standort/standort.table.ts';
import { APP_ROLE, asTenant, PLATFORM_ROLE, type Tx } from './client.ts';
import { sqlStateOf } from './errors.ts';
import { openTestDatabase, type TestDatabase, testDrivers } from './test-database.ts';
import { createTenantFixture, type TenantFixture } from './test-fixtures.ts';

/** Vehicles, tenants and users visible in the transaction. */
const countTenantRows = async (tx: Tx) => {
  const { rows } = await tx.execute<{ v: number; m: number; b: number }>(
    sql`select (select count(*) from fahrzeug)::int as v, (select count(*) from mandant)::int as m,
               (select count(*) from benutzer)::int as b`,
  );
  return rows[0];
};

/** Resolves to 'ok' or the SQLSTATE (or message) the promise failed with. */
const outcome = (p: Promise<unknown>): Promise<string> =>
  p.then(
    () => 'ok',
    (e: unknown) => sqlStateOf(e) ?? String(e),
  );

/** Tables the application role may read although they carry no tenant: the global catalogues. */
const GLOBAL_CATALOGUES = ['customizing_option', 'feature', 'permission'];
const AUTH_TABLES = [
  'account',
  'passkey',
  'rate_limit',
  'saml_sp_schluessel',
  'session',
  'sso_provider',
  'two_factor',
  'user',
  'verification',
];

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
    const counts = await t.database.withoutTenant(async (tx) => {
      await tx.execute(sql.raw(`set local role ${APP_ROLE}`));
      return countTenantRows(tx);
    });
    expect(counts).toEqual({ v: 0, m: 0, b: 0 });
  });

  it('an owner transaction without the explicit bypass sees and writes no tenant’s rows', async () => {
    const seen = await t.database.withoutTenant(async (tx) => ({
      role: (await tx.execute<{ r: string }>(sql`select current_user as r`)).rows[0]?.r,
      ...(await countTenantRows(tx)),
    }));
    expect(seen).toEqual({ role: PLATFORM_ROLE, v: 0, m: 0, b: 0 });
    const insert = await outcome(
      t.database.withoutTenant((tx) => tx.insert(standort).values({ mandantId: a.mandantId, name: 'Ohne' })),
    );
    expect(insert).toBe('42501');
    const updated = await t.database.withoutTenant((tx) =>
      tx.update(fahrzeug).set({ farbe: 'pink' }).returning({ id: fahrzeug.id }),
    );
    expect(updated).toEqual([]);
  });

  it('an owner transaction reaches one tenant with asTenant and returns to seeing none', async () => {
    const seen = await t.database.withoutTenant(async (tx) => {
      const inside = await asTenant(tx, a.mandantId, (tenantTx) => tenantTx.select().from(fahrzeug));
      return { inside: inside.map((v) => v.id).sort(), after: await countTenantRows(tx) };
    });
    expect(seen).toEqual({ inside: [...a.fahrzeugIds].sort(), after: { v: 0, m: 0, b: 0 } });
  });

  it('the explicit bypass (withAllTenants) sees every tenant; inside it asTenant still sees one', async () => {
    const seen = await t.database.withAllTenants(async (tx) => {
      const all = await tx.select({ mandantId: fahrzeug.mandantId }).from(fahrzeug);
      const inside = await asTenant(tx, a.mandantId, (tenantTx) =>
        tenantTx.select({ mandantId: fahrzeug.mandantId }).from(fahrzeug),
      );
      const again = await tx.select({ id: fahrzeug.id }).from(fahrzeug);
      return {
        tenants: new Set(all.map((r) => r.mandantId)),
        inside: new Set(inside.map((r) => r.mandantId)),
        again: again.length,
        total: all.length,
      };
    });
    expect(seen.tenants).toEqual(new Set([a.mandantId, b.mandantId]));
    expect(seen.inside).toEqual(new Set([a.mandantId]));
    expect(seen.again).toBe(seen.total);
  });

  it('the application role cannot switch the bypass on for itself', async () => {
    const rows = await t.database.withTenant(a.mandantId, async (tx) => {
      await tx.execute(sql`select set_config('app.bypass_rls', 'on', true)`);
      return tx.select({ mandantId: fahrzeug.mandantId }).from(fahrzeug);
    });
    expect(new Set(rows.map((r) => r.mandantId))).toEqual(new Set([a.mandantId]));
  });

  it('row-level security binds even the tables’ owner when it is not a superuser (FORCE)', async () => {
    // The embedded database and the test server connect as a superuser, which skips row-level security; a
    // production owner usually is not one. Here a throw-away role owns the table for one transaction.
    const owner = `stellwerk_test_owner_${randomBytes(4).toString('hex')}`;
    const counts = await outcome(
      t.database.db.transaction(async (tx) => {
        await tx.execute(sql.raw(`create role ${owner} nologin nosuperuser nobypassrls`));
        await tx.execute(sql.raw(`grant usage on schema public to ${owner}`));
        await tx.execute(sql.raw(`alter table fahrzeug owner to ${owner}`));
        await tx.execute(sql.raw(`set local role ${owner}`));
        const { rows } = await tx.execute<{ v: number }>(sql`select count(*)::int as v from fahrzeug`);
        await tx.execute(sql`select set_config('app.bypass_rls', 'on', true)`);
        const bypass = await tx.execute<{ v: number }>(sql`select count(*)::int as v from fahrzeug`);
        throw new Error(`counts ${rows[0]?.v} ${bypass.rows[0]?.v}`);
      }),
    );
    // Rolled back (role and ownership gone); the owner saw nothing, and the bypass is the platform role's only.
    expect(counts).toBe('Error: counts 0 0');
    const { rows } = await t.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from pg_roles where rolname = ${owner}`,
    );
    expect(rows[0]?.n).toBe(0);
  });

  it('the platform role is neither a superuser nor exempt from row-level security', async () => {
    const { rows } = await t.database.db.execute<{ rolsuper: boolean; rolbypassrls: boolean }>(
      sql`select rolsuper, rolbypassrls from pg_roles where rolname = ${PLATFORM_ROLE}`,
    );
    expect(rows).toEqual([{ rolsuper: false, rolbypassrls: false }]);
  });

  it('every tenant table forces row-level security and lets only the platform role bypass it', async () => {
    const { rows } = await t.database.db.execute<{
      table: string;
      forced: boolean;
      bypass: string | null;
    }>(sql`
      select c.relname as table, c.relforcerowsecurity as forced,
             (select array_to_string(array(select r.rolname from pg_roles r where r.oid = any(p2.polroles)), ',')
                || ':' || pg_get_expr(p2.polqual, p2.polrelid)
              from pg_policy p2 where p2.polrelid = c.oid and p2.polname = 'platform_bypass') as bypass
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'r' and c.relrowsecurity
      order by 1`);
    expect(rows.length).toBeGreaterThanOrEqual(32);
    const wrong = rows.filter(
      (r) =>
        !r.forced ||
        r.bypass !== `${PLATFORM_ROLE}:(current_setting('app.bypass_rls'::text, true) = 'on'::text)`,
    );
    expect(wrong).toEqual([]);
  });

  it('the application role cannot make anybody a platform administrator', async () => {
    const update = await outcome(
      t.database.withTenant(a.mandantId, (tx) =>
        tx.update(benutzer).set({ plattformAdmin: true }).where(eq(benutzer.id, a.benutzerId)),
      ),
    );
    expect(update).toBe('42501');
    const rawUpdate = await outcome(
      t.database.withTenant(a.mandantId, (tx) =>
        tx.execute(sql`update benutzer set plattform_admin = false`),
      ),
    );
    expect(rawUpdate).toBe('42501');
    const insert = await outcome(
      t.database.withTenant(a.mandantId, (tx) =>
        tx.insert(benutzer).values({
          mandantId: a.mandantId,
          vorname: 'Neu',
          nachname: 'Admin',
          email: 'neu-admin@a.example',
          plattformAdmin: true,
        }),
      ),
    );
    expect(insert).toBe('42501');
    // Every other column stays writable for the tenant's user administration.
    const renamed = await t.database.withTenant(a.mandantId, (tx) =>
      tx
        .update(benutzer)
        .set({ vorname: 'Umbenannt' })
        .where(eq(benutzer.id, a.benutzerId))
        .returning({ id: benutzer.id }),
    );
    expect(renamed).toEqual([{ id: a.benutzerId }]);
    const { rows } = await t.database.db.execute<{ column: string; update: boolean }>(sql`
      select a.attname as column, has_column_privilege(${APP_ROLE}, a.attrelid, a.attname, 'UPDATE') as update
      from pg_attribute a where a.attrelid = 'benutzer'::regclass and a.attnum > 0 and not a.attisdropped
      order by 1`);
    expect(rows.filter((r) => r.update !== (r.column !== 'plattform_admin'))).toEqual([]);
    // The platform path may.
    const promoted = await t.database.withAllTenants((tx) =>
      tx
        .update(benutzer)
        .set({ plattformAdmin: true })
        .where(eq(benutzer.id, b.benutzerId))
        .returning({ plattformAdmin: benutzer.plattformAdmin }),
    );
    expect(promoted).toEqual([{ plattformAdmin: true }]);
  });

  it('the application role cannot switch its features nor change its domains', async () => {
    const [feat] = await t.database.db.select({ id: feature.id }).from(feature).limit(1);
    const attempts = {
      featureInsert: await outcome(
        t.database.withTenant(a.mandantId, (tx) =>
          tx.insert(mandantFeature).values({ mandantId: a.mandantId, featureId: feat!.id, aktiv: true }),
        ),
      ),
      featureUpdate: await outcome(
        t.database.withTenant(a.mandantId, (tx) => tx.update(mandantFeature).set({ aktiv: false })),
      ),
      featureDelete: await outcome(t.database.withTenant(a.mandantId, (tx) => tx.delete(mandantFeature))),
      domainInsert: await outcome(
        t.database.withTenant(a.mandantId, (tx) =>
          tx.insert(mandantDomain).values({ mandantId: a.mandantId, domain: 'eigen.example' }),
        ),
      ),
      domainUpdate: await outcome(
        t.database.withTenant(a.mandantId, (tx) => tx.update(mandantDomain).set({ domain: 'x.example' })),
      ),
      domainDelete: await outcome(t.database.withTenant(a.mandantId, (tx) => tx.delete(mandantDomain))),
    };
    expect(attempts).toEqual({
      featureInsert: '42501',
      featureUpdate: '42501',
      featureDelete: '42501',
      domainInsert: '42501',
      domainUpdate: '42501',
      domainDelete: '42501',
    });
    // Reading stays allowed (GET /api/me shows them), and the platform path writes them.
    await t.database.withTenant(a.mandantId, (tx) => tx.select().from(mandantFeature));
    const written = await t.database.withAllTenants(async (tx) => {
      await tx.insert(mandantDomain).values({ mandantId: a.mandantId, domain: 'plattform-a.example' });
      await tx
        .insert(mandantFeature)
        .values({ mandantId: a.mandantId, featureId: feat!.id, aktiv: true })
        .onConflictDoUpdate({
          target: [mandantFeature.mandantId, mandantFeature.featureId],
          set: { aktiv: true },
        });
      return tx.select().from(mandantDomain).where(eq(mandantDomain.domain, 'plattform-a.example'));
    });
    expect(written).toHaveLength(1);
  });

  it('the login connection of the tests (a superuser) sees every tenant', async () => {
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
    expect(rows.length).toBe(61); // leseraum_tag_minuten (decision 276), fahrzeug_monat_minuten (decision 274), fahrzeug_tag_minuten (decision 256), push_abo and push_ausgang (decision 245), fahrzeug_nachfrage_ungedeckt and auswertung_versand (decisions 246, 247), spind_schloss_auftrag (decision 250), zugriffstoken (decision 226), spindbank, spind, spind_buchung (decision 186), kiosk and kiosk_eincheck (decision 182), kalender_abo and kalender_eintrag (decision 168), saml_sp_schluessel (decision 122), 0018 added fahrtenbuch_anker and datei_entfernung (decision 081), 0019 sms_ausgang (decision 083), fahrtenbuch_kopf (decision 091), scim_geloescht (decision 099)
    expect(rows.filter((r) => !r.rls || !r.leading_index)).toEqual([]);
  });
});
