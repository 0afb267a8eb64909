/**
 * A person's personal access tokens in data protection (decisions 226, 235, 236): the access report lists them
 * (name, right, dates; never the hash or the token's first characters), erasing the person deletes them.
 */
import { asc, eq } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { zugriffstoken } from './zugriffstoken.table.ts';

export const leseZugriffstokenDerPerson = async (tx: Tx, benutzerId: string) =>
  tx
    .select({
      name: zugriffstoken.name,
      recht: zugriffstoken.recht,
      angelegtAm: zugriffstoken.createdAt,
      gueltigBis: zugriffstoken.ablaufAt,
      zuletztBenutztAm: zugriffstoken.zuletztBenutztAt,
      widerrufenAm: zugriffstoken.widerrufenAt,
    })
    .from(zugriffstoken)
    .where(eq(zugriffstoken.benutzerId, benutzerId))
    .orderBy(asc(zugriffstoken.createdAt));

export const loescheZugriffstokenDerPerson = async (tx: Tx, benutzerId: string): Promise<number> =>
  (
    await tx
      .delete(zugriffstoken)
      .where(eq(zugriffstoken.benutzerId, benutzerId))
      .returning({ id: zugriffstoken.id })
  ).length;
