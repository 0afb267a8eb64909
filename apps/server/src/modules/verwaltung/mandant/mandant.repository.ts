import { and, asc, count, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { benutzer, GELOESCHT } from '../../identitaet/benutzer/benutzer.public.ts';
import { feature, mandantFeature } from '../customizing/customizing.public.ts';
import { mandant, mandantDomain } from './mandant.table.ts';

/**
 * Platform tenant management. Every function here runs in an owner transaction (`withAllTenants`), the explicit
 * bypass of row-level security, so each one filters by `mandant_id` itself.
 */

export const findMandanten = async (tx: Tx) =>
  tx
    .select({ id: mandant.id, name: mandant.name, kundenname: mandant.kundenname })
    .from(mandant)
    .orderBy(asc(mandant.name), asc(mandant.id));

export const findMandant = async (tx: Tx, id: string) => {
  const rows = await tx
    .select({ id: mandant.id, name: mandant.name, kundenname: mandant.kundenname })
    .from(mandant)
    .where(eq(mandant.id, id));
  return rows[0];
};

/**
 * The tenant, its row locked until the transaction ends: concurrent changes inside the tenant by platform
 * paths (e.g. two administrators added at once, both ensuring one role) and its deletion wait for each other.
 */
export const lockMandant = async (tx: Tx, id: string) => {
  const rows = await tx.select({ id: mandant.id }).from(mandant).where(eq(mandant.id, id)).for('update');
  return rows[0];
};

export const findAllDomains = async (tx: Tx) =>
  tx
    .select({ mandantId: mandantDomain.mandantId, domain: mandantDomain.domain })
    .from(mandantDomain)
    .orderBy(asc(mandantDomain.domain));

export const findDomainsOf = async (tx: Tx, mandantId: string): Promise<string[]> =>
  (
    await tx
      .select({ domain: mandantDomain.domain })
      .from(mandantDomain)
      .where(eq(mandantDomain.mandantId, mandantId))
      .orderBy(asc(mandantDomain.domain))
  ).map((r) => r.domain);

/** Which tenant holds each of `domains` (only the ones that exist). */
export const findDomainOwners = async (tx: Tx, domains: readonly string[]) =>
  domains.length === 0
    ? []
    : tx
        .select({ mandantId: mandantDomain.mandantId, domain: mandantDomain.domain })
        .from(mandantDomain)
        .where(inArray(mandantDomain.domain, [...domains]));

export const findFeatureRows = async (tx: Tx) =>
  tx
    .select({ mandantId: mandantFeature.mandantId, name: feature.name, aktiv: mandantFeature.aktiv })
    .from(mandantFeature)
    .innerJoin(feature, eq(feature.id, mandantFeature.featureId));

export const findFeatureIds = async (tx: Tx): Promise<Map<string, string>> =>
  new Map((await tx.select({ id: feature.id, name: feature.name }).from(feature)).map((f) => [f.name, f.id]));

export const countBenutzerPerMandant = async (tx: Tx): Promise<Map<string, number>> =>
  new Map(
    (
      await tx
        .select({ mandantId: benutzer.mandantId, n: count() })
        .from(benutzer)
        // the empty row an erased person may leave (decision 235) is nobody
        .where(ne(benutzer.status, GELOESCHT))
        .groupBy(benutzer.mandantId)
    ).map((r) => [r.mandantId, r.n]),
  );

export const insertMandant = async (tx: Tx, name: string, kundenname: string | null): Promise<string> => {
  const [row] = await tx.insert(mandant).values({ name, kundenname }).returning({ id: mandant.id });
  return row!.id;
};

export const updateMandantName = async (
  tx: Tx,
  id: string,
  values: { name: string; kundenname: string | null },
): Promise<void> => {
  await tx.update(mandant).set(values).where(eq(mandant.id, id));
};

/** Spec §7: insert (domain, mandant_id). */
export const insertDomains = async (tx: Tx, mandantId: string, domains: readonly string[]): Promise<void> => {
  if (domains.length > 0)
    await tx.insert(mandantDomain).values(domains.map((domain) => ({ mandantId, domain })));
};

/** Spec §7: delete by domain and mandant_id (all of the tenant's domains without `domains`). */
export const deleteDomains = async (
  tx: Tx,
  mandantId: string,
  domains?: readonly string[],
): Promise<void> => {
  if (domains?.length === 0) return;
  await tx
    .delete(mandantDomain)
    .where(
      and(
        eq(mandantDomain.mandantId, mandantId),
        domains ? inArray(mandantDomain.domain, [...domains]) : undefined,
      ),
    );
};

/** Deletes the tenant; its data follows by `on delete cascade`. */
export const deleteMandant = async (tx: Tx, id: string): Promise<void> => {
  await tx.delete(mandant).where(eq(mandant.id, id));
};

/** The sign-in accounts of a tenant's users (removed with the tenant, so no orphan can sign in). */
export const findAuthUserIdsOf = async (tx: Tx, mandantId: string): Promise<string[]> => {
  const rows = await tx
    .select({ authUserId: benutzer.authUserId })
    .from(benutzer)
    .where(and(eq(benutzer.mandantId, mandantId), isNotNull(benutzer.authUserId)));
  return rows.map((r) => r.authUserId).filter((id): id is string => id !== null);
};

/** Whether a benutzer of any tenant has this e-mail address (platform transaction with the bypass). */
export const isBenutzerEmailTaken = async (tx: Tx, email: string): Promise<boolean> => {
  const rows = await tx
    .select({ id: benutzer.id })
    .from(benutzer)
    .where(sql`lower(${benutzer.email}) = ${email.toLowerCase()}`)
    .limit(1);
  return rows.length > 0;
};

/** Active platform administrators of all tenants. */
export const countActivePlatformAdmins = async (tx: Tx): Promise<number> => {
  const [row] = await tx
    .select({ n: count() })
    .from(benutzer)
    .where(and(eq(benutzer.plattformAdmin, true), eq(benutzer.status, 'aktiv')));
  return row?.n ?? 0;
};

/** Beside the migration (…001) and seed (…002) locks. */
const PLATFORM_ADMIN_LOCK_KEY = 7_363_201_030;

/** Serialises `npm run admin:create` runs (two at once on an empty database would each create "Plattform"). */
export const lockPlatformAdminCreation = async (tx: Tx): Promise<void> => {
  await tx.execute(sql`select pg_advisory_xact_lock(${PLATFORM_ADMIN_LOCK_KEY}::bigint)`);
};
