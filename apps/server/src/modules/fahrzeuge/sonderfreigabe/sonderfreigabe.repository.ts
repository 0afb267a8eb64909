import { FAHRZEUG_BUCHUNG_UEBERGAENGE } from '@stellwerk/domain/fahrzeuge/fahrzeug-buchung/machine';
import type { BuchungStatus } from '@stellwerk/domain/status';
import { parseStatus, parseTyp } from '@stellwerk/domain/status';
import { and, asc, count, eq, gt, inArray, isNull, notExists, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Tx } from '../../../db/client.ts';
import { fahrzeugBuchung } from '../fahrzeug-buchung/fahrzeug-buchung.public.ts';
import { sonderfreigabe } from './sonderfreigabe.table.ts';

const andere = alias(sonderfreigabe, 'andere_freigabe');

/**
 * The trips awaiting `benutzerId`'s decision (decision 049): their row undecided, the trip waiting (a
 * status an approver may reject, nobody approved yet), not ended. The service checks each again with the
 * domain rule.
 */
const offeneBedingung = (tx: Tx, benutzerId: string, now: Date) =>
  and(
    eq(sonderfreigabe.benutzerId, benutzerId),
    isNull(sonderfreigabe.isFreigegeben),
    eq(fahrzeugBuchung.typ, 'BUCHUNG'),
    inArray(fahrzeugBuchung.status, [...FAHRZEUG_BUCHUNG_UEBERGAENGE.ablehnen.von]),
    gt(fahrzeugBuchung.bis, now),
    notExists(
      tx
        .select({ one: sql`1` })
        .from(andere)
        .where(and(eq(andere.fahrzeugBuchungId, fahrzeugBuchung.id), eq(andere.isFreigegeben, true))),
    ),
  );

/** The ids of the trips awaiting the approver, by start. */
export const findOffeneBuchungIds = async (tx: Tx, benutzerId: string, now: Date): Promise<string[]> => {
  const rows = await tx
    .select({ id: fahrzeugBuchung.id })
    .from(sonderfreigabe)
    .innerJoin(fahrzeugBuchung, eq(fahrzeugBuchung.id, sonderfreigabe.fahrzeugBuchungId))
    .where(offeneBedingung(tx, benutzerId, now))
    .orderBy(asc(fahrzeugBuchung.von), asc(fahrzeugBuchung.id))
    .limit(2000);
  return rows.map((r) => r.id);
};

/** How many trips await the approver (the menu count). */
export const countOffene = async (tx: Tx, benutzerId: string, now: Date): Promise<number> => {
  const [row] = await tx
    .select({ n: count() })
    .from(sonderfreigabe)
    .innerJoin(fahrzeugBuchung, eq(fahrzeugBuchung.id, sonderfreigabe.fahrzeugBuchungId))
    .where(offeneBedingung(tx, benutzerId, now));
  return Number(row?.n ?? 0);
};

export type GesperrteBuchung = {
  id: string;
  status: BuchungStatus;
  typ: ReturnType<typeof parseTyp>;
  von: Date;
  bis: Date;
};

/** Locks the booking row (FOR UPDATE) for the decision; undefined when it is not visible (other tenant). */
export const lockBuchung = async (tx: Tx, id: string): Promise<GesperrteBuchung | undefined> => {
  const rows = await tx
    .select({
      id: fahrzeugBuchung.id,
      status: fahrzeugBuchung.status,
      typ: fahrzeugBuchung.typ,
      von: fahrzeugBuchung.von,
      bis: fahrzeugBuchung.bis,
    })
    .from(fahrzeugBuchung)
    .where(eq(fahrzeugBuchung.id, id))
    .for('update');
  const r = rows[0];
  return r ? { ...r, status: parseStatus(r.status), typ: parseTyp(r.typ) } : undefined;
};

/** The approver rows of one booking. */
export const findFreigeberZeilen = async (
  tx: Tx,
  buchungId: string,
): Promise<{ benutzerId: string; isFreigegeben: boolean | null }[]> =>
  tx
    .select({ benutzerId: sonderfreigabe.benutzerId, isFreigegeben: sonderfreigabe.isFreigegeben })
    .from(sonderfreigabe)
    .where(eq(sonderfreigabe.fahrzeugBuchungId, buchungId));

/** Writes the approver's decision (spec §7: update by the current user). */
export const updateEntscheidung = async (
  tx: Tx,
  {
    buchungId,
    benutzerId,
    freigegeben,
    now,
  }: { buchungId: string; benutzerId: string; freigegeben: boolean; now: Date },
): Promise<void> => {
  await tx
    .update(sonderfreigabe)
    .set({ isFreigegeben: freigegeben, freigegebenAt: now })
    .where(and(eq(sonderfreigabe.fahrzeugBuchungId, buchungId), eq(sonderfreigabe.benutzerId, benutzerId)));
};

/** An approver's row of a booking as the booking's answer shows it. */
export type FreigeberZeile = {
  fahrzeugBuchungId: string;
  benutzerId: string;
  isFreigegeben: boolean | null;
  freigegebenAt: Date | null;
};

/** Adds the approvers of a booking, undecided; answers their rows as a read would. */
export const insertFreigeber = async (
  tx: Tx,
  {
    mandantId,
    buchungId,
    benutzerIds,
  }: { mandantId: string; buchungId: string; benutzerIds: readonly string[] },
): Promise<FreigeberZeile[]> => {
  if (benutzerIds.length > 0)
    await tx
      .insert(sonderfreigabe)
      .values(benutzerIds.map((benutzerId) => ({ mandantId, fahrzeugBuchungId: buchungId, benutzerId })));
  return benutzerIds.map((benutzerId) => ({
    fahrzeugBuchungId: buchungId,
    benutzerId,
    isFreigegeben: null,
    freigegebenAt: null,
  }));
};

/** Drops every approver row of a booking (with their decisions). */
export const deleteFreigeber = async (tx: Tx, buchungId: string): Promise<void> => {
  await tx.delete(sonderfreigabe).where(eq(sonderfreigabe.fahrzeugBuchungId, buchungId));
};
