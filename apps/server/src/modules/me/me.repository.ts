import { asc, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { benutzer } from '../benutzer/benutzer.table.ts';
import { mandant, mandantDomain } from '../mandant/mandant.table.ts';
import { datei } from '../storage/storage.table.ts';

export const findMeBenutzer = async (tx: Tx, benutzerId: string) => {
  const rows = await tx
    .select({
      id: benutzer.id,
      email: benutzer.email,
      username: benutzer.username,
      vorname: benutzer.vorname,
      nachname: benutzer.nachname,
      employeeId: benutzer.employeeId,
      status: benutzer.status,
      mandantId: benutzer.mandantId,
      isPlatformAdmin: benutzer.plattformAdmin,
    })
    .from(benutzer)
    .where(eq(benutzer.id, benutzerId))
    .limit(1);
  return rows[0];
};

/** The tenant of the transaction (row-level security shows only that one). */
export const findMandant = async (tx: Tx, mandantId: string) => {
  const rows = await tx
    .select({ id: mandant.id, name: mandant.name })
    .from(mandant)
    .where(eq(mandant.id, mandantId));
  return rows[0];
};

export const findDomains = async (tx: Tx, mandantId: string): Promise<string[]> => {
  const rows = await tx
    .select({ domain: mandantDomain.domain })
    .from(mandantDomain)
    .where(eq(mandantDomain.mandantId, mandantId))
    .orderBy(asc(mandantDomain.domain));
  return rows.map((r) => r.domain);
};

/** Which of the tenant's own files (logo, privacy PDF) exist. */
export const findTenantFileBuckets = async (tx: Tx): Promise<Set<string>> => {
  const rows = await tx
    .selectDistinct({ bucket: datei.bucket })
    .from(datei)
    .where(inArray(datei.bucket, ['logos', 'datenschutz']));
  return new Set(rows.map((r) => r.bucket));
};
