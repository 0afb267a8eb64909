import { sql } from 'drizzle-orm';
import type { TestServer } from './harness.ts';

/**
 * Tables that change by signing in and reading, not by the walks' requests: the sessions and throttles, and the
 * rollups of minutes per vehicle-day, per vehicle-month and per reading-room plan-day, which a read of the
 * utilisation fills (decisions 256, 274, 276; a walk's GET with an unknown query parameter is a valid read). The
 * rollups' own tests check that they equal the raw rows.
 */
const VOLATILE_TABLES = new Set([
  'session',
  'rate_limit',
  'fahrzeug_tag_minuten',
  'fahrzeug_monat_minuten',
  'leseraum_tag_minuten',
]);

/** Row count and content hash of every table: equal before and after means nothing was written. */
export const checksum = async (server: TestServer): Promise<Record<string, string>> =>
  server.database.withAllTenants(async (tx) => {
    const tables = await tx.execute<{ name: string }>(
      sql`select table_name as name from information_schema.tables
          where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
    );
    const sums: Record<string, string> = {};
    for (const { name } of tables.rows) {
      if (VOLATILE_TABLES.has(name)) continue;
      const quoted = `"${name.replaceAll('"', '""')}"`;
      const result = await tx.execute<{ n: number; h: string | null }>(
        sql.raw(
          `select count(*)::int as n, md5(string_agg(t::text, '|' order by t::text)) as h from ${quoted} t`,
        ),
      );
      const row = result.rows[0];
      sums[name] = `${row?.n}:${row?.h ?? ''}`;
    }
    return sums;
  });
