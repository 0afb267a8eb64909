/**
 * The phone factor's rows (decision 083): `telefon_faktor` (owner-only, reached through `withoutTenant`) and the
 * pending SMS code in better-auth's `verification` table, one row per factor under `telefon-faktor:<id>`.
 */
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { user, verification } from './auth.table.ts';
import { telefonFaktor } from './auth.telefon.table.ts';

export type TelefonFaktorRow = typeof telefonFaktor.$inferSelect;
export type TelefonCodeRow = typeof verification.$inferSelect;

const kennung = (id: string) => `telefon-faktor:${id}`;

export const findTelefonFaktoren = async (tx: Tx, authUserId: string): Promise<TelefonFaktorRow[]> =>
  tx
    .select()
    .from(telefonFaktor)
    .where(eq(telefonFaktor.userId, authUserId))
    .orderBy(telefonFaktor.createdAt);

/** One phone factor of this login, or undefined (another login's factor is not found either). */
export const findTelefonFaktor = async (
  tx: Tx,
  authUserId: string,
  id: string,
): Promise<TelefonFaktorRow | undefined> => {
  const [row] = await tx
    .select()
    .from(telefonFaktor)
    .where(and(eq(telefonFaktor.id, id), eq(telefonFaktor.userId, authUserId)));
  return row;
};

/** Names a phone factor of the login; false when the login has none with this id. */
export const renameTelefonFaktor = async (
  tx: Tx,
  authUserId: string,
  id: string,
  friendlyName: string,
): Promise<boolean> => {
  const rows = await tx
    .update(telefonFaktor)
    .set({ friendlyName })
    .where(and(eq(telefonFaktor.id, id), eq(telefonFaktor.userId, authUserId)))
    .returning({ id: telefonFaktor.id });
  return rows.length > 0;
};

/** A new unconfirmed phone factor; an earlier unconfirmed one of the login is replaced. */
export const ersetzeUnbestaetigtenTelefonFaktor = async (
  tx: Tx,
  row: Pick<TelefonFaktorRow, 'id' | 'userId' | 'telefonnummer' | 'friendlyName' | 'createdAt'>,
): Promise<void> => {
  await tx
    .delete(telefonFaktor)
    .where(and(eq(telefonFaktor.userId, row.userId), eq(telefonFaktor.verified, false)));
  await tx.insert(telefonFaktor).values({ ...row, verified: false });
};

export const bestaetigeTelefonFaktorRow = async (tx: Tx, id: string): Promise<void> => {
  await tx.update(telefonFaktor).set({ verified: true }).where(eq(telefonFaktor.id, id));
};

/** Removes the factor and its pending code. */
export const loescheTelefonFaktor = async (tx: Tx, id: string): Promise<void> => {
  await tx.delete(telefonFaktor).where(eq(telefonFaktor.id, id));
  await tx.delete(verification).where(eq(verification.identifier, kennung(id)));
};

/** The factor's pending code (replacing an earlier one): `value` is what the service keeps of it. */
export const speichereTelefonCode = async (
  tx: Tx,
  id: string,
  value: string,
  expiresAt: Date,
  now: Date,
): Promise<void> => {
  await tx.delete(verification).where(eq(verification.identifier, kennung(id)));
  await tx.insert(verification).values({
    id: crypto.randomUUID(),
    identifier: kennung(id),
    value,
    expiresAt,
    createdAt: now,
    updatedAt: now,
  });
};

export const findTelefonCode = async (tx: Tx, id: string): Promise<TelefonCodeRow | undefined> => {
  const [row] = await tx
    .select()
    .from(verification)
    .where(eq(verification.identifier, kennung(id)));
  return row;
};

export const aendereTelefonCode = async (tx: Tx, codeId: string, value: string, now: Date): Promise<void> => {
  await tx.update(verification).set({ value, updatedAt: now }).where(eq(verification.id, codeId));
};

export const loescheTelefonCode = async (tx: Tx, codeId: string): Promise<void> => {
  await tx.delete(verification).where(eq(verification.id, codeId));
};

/** better-auth's switch for the second step at sign-in (`user.two_factor_enabled`). */
export const setzeZweiFaktorAn = async (
  tx: Tx,
  authUserId: string,
  an: boolean,
  now: Date,
): Promise<void> => {
  await tx.update(user).set({ twoFactorEnabled: an, updatedAt: now }).where(eq(user.id, authUserId));
};
