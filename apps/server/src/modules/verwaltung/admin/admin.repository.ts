import { and, count, countDistinct, eq, gt, isNull, ne, notExists } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { fahrzeug } from '../../fahrzeuge/fahrzeug/fahrzeug.public.ts';
import { fahrzeugBuchung } from '../../fahrzeuge/fahrzeug-buchung/fahrzeug-buchung.public.ts';
import { sonderfreigabe } from '../../fahrzeuge/sonderfreigabe/sonderfreigabe.public.ts';
import { benutzer, GELOESCHT } from '../../identitaet/benutzer/benutzer.public.ts';
import { gruppe } from '../../identitaet/gruppe/gruppe.public.ts';
import { rolle } from '../../identitaet/rolle/rolle.public.ts';
import { grundrissLeseraum } from '../../leseraum/leseraum/leseraum.public.ts';
import { standort } from '../standort/standort.public.ts';

/** Counts of the admin start page; every query sees only the transaction's tenant. */
/** The tenant's people; the empty row an erased person may leave (decision 235) is nobody. */
export const countBenutzer = async (tx: Tx) =>
  (await tx.select({ n: count() }).from(benutzer).where(ne(benutzer.status, GELOESCHT)))[0]?.n ?? 0;
export const countGruppen = async (tx: Tx) => (await tx.select({ n: count() }).from(gruppe))[0]?.n ?? 0;
export const countRollen = async (tx: Tx) => (await tx.select({ n: count() }).from(rolle))[0]?.n ?? 0;
export const countStandorte = async (tx: Tx) => (await tx.select({ n: count() }).from(standort))[0]?.n ?? 0;
export const countGrundrisse = async (tx: Tx) =>
  (await tx.select({ n: count() }).from(grundrissLeseraum))[0]?.n ?? 0;
/** Active (not deactivated) vehicles. */
export const countFahrzeuge = async (tx: Tx) =>
  (await tx.select({ n: count() }).from(fahrzeug).where(eq(fahrzeug.deaktiviert, false)))[0]?.n ?? 0;

/**
 * Future, non-cancelled bookings waiting for the decision of `benutzerId`: an undecided special approval of
 * theirs, and nobody has approved the booking yet (one approval releases it, spec §4).
 */
export const countOffeneFreigaben = async (
  tx: Tx,
  { benutzerId, now }: { benutzerId: string; now: Date },
) => {
  const approved = tx
    .select({ id: sonderfreigabe.id })
    .from(sonderfreigabe)
    .where(
      and(eq(sonderfreigabe.fahrzeugBuchungId, fahrzeugBuchung.id), eq(sonderfreigabe.isFreigegeben, true)),
    );
  const rows = await tx
    .select({ n: countDistinct(fahrzeugBuchung.id) })
    .from(sonderfreigabe)
    .innerJoin(fahrzeugBuchung, eq(fahrzeugBuchung.id, sonderfreigabe.fahrzeugBuchungId))
    .where(
      and(
        eq(sonderfreigabe.benutzerId, benutzerId),
        isNull(sonderfreigabe.isFreigegeben),
        ne(fahrzeugBuchung.status, 'storniert'),
        gt(fahrzeugBuchung.von, now),
        notExists(approved),
      ),
    );
  return rows[0]?.n ?? 0;
};

/** Licences of active users whose next check is on or before `faelligBis` (lead days ahead, or overdue). */
