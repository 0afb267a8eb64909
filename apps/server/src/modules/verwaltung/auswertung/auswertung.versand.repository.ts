/** The mailed evaluation's SQL (decision 247): the periods sent, and who of the addresses may receive it. */
import { inArray } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { benutzer } from '../../identitaet/benutzer/benutzer.public.ts';
import { auswertungVersand } from './auswertung.table.ts';

export const findGesendet = async (tx: Tx): Promise<Set<string>> =>
  new Set((await tx.select({ s: auswertungVersand.schluessel }).from(auswertungVersand)).map((r) => r.s));

export const insertGesendet = async (tx: Tx, mandantId: string, schluessel: string, now: Date) => {
  await tx.insert(auswertungVersand).values({ mandantId, schluessel, gesendetAt: now }).onConflictDoNothing();
};

/** The tenant's users `ids` with name and address, by name. */
export const findPersonen = async (
  tx: Tx,
  ids: readonly string[],
): Promise<{ id: string; email: string; name: string }[]> => {
  if (ids.length === 0) return [];
  const rows = await tx
    .select({
      id: benutzer.id,
      email: benutzer.email,
      vorname: benutzer.vorname,
      nachname: benutzer.nachname,
    })
    .from(benutzer)
    .where(inArray(benutzer.id, [...ids]));
  return rows
    .map((r) => ({ id: r.id, email: r.email, name: `${r.vorname} ${r.nachname}` }))
    .sort((a, b) => a.name.localeCompare(b.name, 'de'));
};
