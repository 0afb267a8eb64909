import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { datei } from '../../plattform/storage/storage.public.ts';
import { mandant, mandantDomain } from '../../verwaltung/mandant/mandant.public.ts';
import { benutzer } from '../benutzer/benutzer.public.ts';

/**
 * The signed-in user with their tenant, its domains and which of its own files (logo, privacy PDF) exist,
 * in one round trip.
 */
export const findMeRow = async (tx: Tx, benutzerId: string) => {
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
      isSso: benutzer.isSso,
      mandantName: mandant.name,
      domains: sql<
        string[]
      >`coalesce((select array_agg(${mandantDomain.domain} order by ${mandantDomain.domain})
        from ${mandantDomain} where ${mandantDomain.mandantId} = ${benutzer.mandantId}), '{}')`,
      hasLogo: sql<boolean>`exists (select 1 from ${datei} where ${datei.mandantId} = ${benutzer.mandantId}
        and ${datei.bucket} = 'logos')`,
      hasDatenschutz: sql<boolean>`exists (select 1 from ${datei} where ${datei.mandantId} = ${benutzer.mandantId}
        and ${datei.bucket} = 'datenschutz')`,
    })
    .from(benutzer)
    .innerJoin(mandant, eq(mandant.id, benutzer.mandantId))
    .where(eq(benutzer.id, benutzerId))
    .limit(1);
  return rows[0];
};

export const findProfil = async (tx: Tx, benutzerId: string) => {
  const rows = await tx
    .select({ vorname: benutzer.vorname, nachname: benutzer.nachname, email: benutzer.email })
    .from(benutzer)
    .where(eq(benutzer.id, benutzerId))
    .limit(1);
  return rows[0];
};
