/**
 * A person's web-push devices in data protection (decisions 235, 236, 245): the access report lists them (the
 * push service's host, the device name, the kinds, when subscribed; never the keys), erasing the person deletes
 * them and the pushes still queued for them.
 */
import { asc, eq } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { pushAbo, pushAusgang } from './push.table.ts';

export const lesePushGeraeteDerPerson = async (tx: Tx, benutzerId: string) =>
  (
    await tx
      .select({
        endpoint: pushAbo.endpoint,
        geraet: pushAbo.geraet,
        arten: pushAbo.arten,
        angelegtAm: pushAbo.createdAt,
      })
      .from(pushAbo)
      .where(eq(pushAbo.benutzerId, benutzerId))
      .orderBy(asc(pushAbo.createdAt))
  ).map(({ endpoint, ...rest }) => ({
    dienst: new URL(endpoint).host,
    ...rest,
    arten: rest.arten.join(', '),
  }));

export const loeschePushDerPerson = async (tx: Tx, benutzerId: string): Promise<number> =>
  (await tx.delete(pushAbo).where(eq(pushAbo.benutzerId, benutzerId)).returning({ id: pushAbo.id })).length +
  (
    await tx
      .delete(pushAusgang)
      .where(eq(pushAusgang.benutzerId, benutzerId))
      .returning({ id: pushAusgang.id })
  ).length;
