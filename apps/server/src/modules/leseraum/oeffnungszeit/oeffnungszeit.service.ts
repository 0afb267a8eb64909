import { DomainError, toDomainError } from '@stellwerk/domain/errors';
import {
  schliessungsStorno,
  vonWochenschliessungBetroffen,
} from '@stellwerk/domain/leseraum/leseraum-buchung/schliessung';
import {
  DEFAULT_ABWEICHENDE_OEFFNUNGSZEIT,
  DEFAULT_OEFFNUNGSZEIT,
  wochenoeffnungVerstoss,
} from '@stellwerk/domain/leseraum/oeffnungszeiten';
import { nichtGefunden } from '@stellwerk/domain/nicht-gefunden';
import { mitBleibendem } from '@stellwerk/domain/put-bleibt';
import { parseOeffnungszeitStatus, parseStatus } from '@stellwerk/domain/status';
import { addCalendarDays, assertTime, berlinInstant, timeToMinutes } from '@stellwerk/domain/time';
import type {
  TBetroffeneBuchung,
  TGrundrissAuswahl,
  TOeffnungszeitenGespeichert,
  TOeffnungszeitenInput,
  TOeffnungszeitenWoche,
  TSonderoeffnungszeit,
  TSonderoeffnungszeitInput,
} from '@stellwerk/domain/verwaltung/admin-stammdaten.api';
import type { Database, Tx } from '../../../db/client.ts';
import type { SessionUser } from '../../identitaet/auth/auth.context.ts';
import { assertDarf } from '../../identitaet/auth/auth.guards.ts';
import { writeAudit } from '../../plattform/audit/audit.service.ts';
import { publishEvent } from '../../plattform/events/events.service.ts';
import { storniereWegenSchliessung } from '../leseraum-buchung/leseraum-buchung.schliessung.ts';
import {
  deleteSonderzeit,
  findGrundriss,
  findGrundrisse,
  findOffeneBuchungen,
  findSonderzeit,
  findSonderzeiten,
  findWoche,
  insertSonderzeit,
  replaceWoche,
  type SonderRow,
  type SonderValues,
  updateSonderzeit,
  type WochenRow,
} from './oeffnungszeit.repository.ts';

type Deps = { database: Pick<Database, 'withTenant'>; now: () => Date; publicUrl: string };

const requireGrundriss = async (tx: Tx, id: string) => {
  const found = await findGrundriss(tx, id);
  if (!found) throw nichtGefunden('grundriss', id);
  return found;
};

/** `von` before `bis`, both `HH:mm` (spec §5 message otherwise). */
const checkSpan = (von: unknown, bis: unknown): { von: string; bis: string } => {
  const v = assertTime(von);
  const b = assertTime(bis);
  if (timeToMinutes(v) >= timeToMinutes(b))
    throw new DomainError('oeffnungszeit.von_nach_bis', { von: v, bis: b });
  return { von: v, bis: b };
};

const checkDay = (field: string, day: string): string => {
  if (addCalendarDays(day, 0) !== day) throw new DomainError('validation.failed', { [field]: day });
  return day;
};

export const listGrundrisse = async ({ database }: Deps, user: SessionUser): Promise<TGrundrissAuswahl[]> => {
  assertDarf(user, 'oeffnungszeiten.pflegen');
  return database.withTenant(user.mandantId, findGrundrisse);
};

/** The week of a floor plan; without stored rows the spec's default 08:00–18:00 is shown, not yet open. */
const toWoche = (grundrissId: string, rows: WochenRow[]): TOeffnungszeitenWoche => ({
  grundrissId,
  gespeichert: rows.length > 0,
  tage: [0, 1, 2, 3, 4, 5, 6].map(
    (wochentag) =>
      rows.find((r) => r.wochentag === wochentag) ?? {
        wochentag,
        ...DEFAULT_OEFFNUNGSZEIT,
        // A weekday without a row is closed (spec §4 bookable days); the times are the defaults to start from.
        geoeffnet: false,
      },
  ),
});

export const getWoche = async (
  { database }: Deps,
  user: SessionUser,
  grundrissId: string,
): Promise<TOeffnungszeitenWoche> => {
  assertDarf(user, 'oeffnungszeiten.pflegen');
  return database.withTenant(user.mandantId, async (tx) => {
    await requireGrundriss(tx, grundrissId);
    return toWoche(grundrissId, await findWoche(tx, grundrissId));
  });
};

export type WocheResult =
  | { kind: 'saved'; woche: TOeffnungszeitenGespeichert }
  | { kind: 'confirmation_required'; buchungen: TBetroffeneBuchung[] };

/**
 * Replaces the 7 weekday rows (spec §7: delete and insert); every time `HH:mm`, open days `von < bis`.
 * Closing a weekday cancels the holds and reservations on days it closes (those bookable before and not
 * after, special opening times deciding the days they cover), exactly as a closing special opening time
 * does: without `confirmCancel: true` nothing is saved and the bookings are listed (409).
 */
export const putWoche = async (
  { database, now, publicUrl }: Deps,
  user: SessionUser,
  grundrissId: string,
  input: TOeffnungszeitenInput,
): Promise<WocheResult> => {
  assertDarf(user, 'oeffnungszeiten.pflegen');
  const problem = wochenoeffnungVerstoss(input.tage);
  if (problem) throw toDomainError(problem);
  const rows: WochenRow[] = input.tage
    .map((t) => ({ wochentag: t.wochentag, geoeffnet: t.geoeffnet, von: t.von, bis: t.bis }))
    .sort((a, b) => a.wochentag - b.wochentag);
  return database.withTenant(user.mandantId, async (tx) => {
    const plan = await requireGrundriss(tx, grundrissId);
    const before = await findWoche(tx, grundrissId);
    const at = now();
    const betroffen = toBetroffene(await findWochenBetroffene(tx, grundrissId, before, rows, at));
    if (betroffen.length > 0 && input.confirmCancel !== true)
      return { kind: 'confirmation_required', buchungen: betroffen };
    await replaceWoche(tx, { mandantId: user.mandantId, grundrissId, rows });
    await writeAudit(tx, {
      mandantId: user.mandantId,
      benutzerId: user.benutzerId,
      action: 'update',
      entity: 'oeffnungszeit',
      entityId: grundrissId,
      oldValue: { grundriss: plan.bezeichnung, tage: before },
      newValue: { grundriss: plan.bezeichnung, tage: rows },
    });
    const storniert = await stornieren(tx, user, {
      grundriss: plan.bezeichnung,
      grund: '',
      publicUrl,
      buchungen: betroffen,
      now: at,
    });
    await publishEvent(tx, user.mandantId, { type: 'oeffnungszeit', id: grundrissId });
    return { kind: 'saved', woche: { ...toWoche(grundrissId, rows), storniert } };
  });
};

const toSonder = (row: SonderRow): TSonderoeffnungszeit => ({
  ...row,
  status: parseOeffnungszeitStatus(row.status),
});

export const listSonderzeiten = async (
  { database }: Deps,
  user: SessionUser,
  grundrissId: string,
): Promise<TSonderoeffnungszeit[]> => {
  assertDarf(user, 'oeffnungszeiten.pflegen');
  return database.withTenant(user.mandantId, async (tx) => {
    await requireGrundriss(tx, grundrissId);
    return (await findSonderzeiten(tx, grundrissId)).map(toSonder);
  });
};

/** Validated values of a special opening time; von/bis default to 01:00–23:00 (spec §9). */
const toValues = (input: TSonderoeffnungszeitInput): SonderValues => {
  const gueltigVon = checkDay('gueltigVon', input.gueltigVon);
  const gueltigBis = checkDay('gueltigBis', input.gueltigBis);
  if (gueltigVon > gueltigBis)
    throw new DomainError('oeffnungszeit.zeitraum_ungueltig', { gueltigVon, gueltigBis });
  const span = checkSpan(
    input.von ?? DEFAULT_ABWEICHENDE_OEFFNUNGSZEIT.von,
    input.bis ?? DEFAULT_ABWEICHENDE_OEFFNUNGSZEIT.bis,
  );
  return {
    beschreibung: input.beschreibung?.trim() || null,
    gueltigVon,
    gueltigBis,
    ...span,
    status: parseOeffnungszeitStatus(input.status),
  };
};

const toBetroffene = (rows: Awaited<ReturnType<typeof findOffeneBuchungen>>): TBetroffeneBuchung[] =>
  rows.map((r) => ({ ...r, von: r.von.toISOString(), bis: r.bis.toISOString() }));

/**
 * Holds and reservations a closing period would cancel: those of the floor plan's rooms overlapping its
 * days (a closed special opening time closes whole days, spec §4). Future and running ones only.
 */
const findBetroffene = async (tx: Tx, grundrissId: string, values: SonderValues, now: Date) => {
  if (values.status !== 'geschlossen') return [];
  const from = berlinInstant(values.gueltigVon, '00:00');
  const to = berlinInstant(addCalendarDays(values.gueltigBis, 1), '00:00');
  const rows = await findOffeneBuchungen(tx, {
    grundrissId,
    from: from.getTime() > now.getTime() ? from : now,
    to,
  });
  return rows;
};

/** Holds and reservations, running or future, on a day the new week closes (bookable before, not after). */
const findWochenBetroffene = async (
  tx: Tx,
  grundrissId: string,
  vorher: WochenRow[],
  nachher: WochenRow[],
  now: Date,
) => {
  if (!vorher.some((v) => v.geoeffnet && !nachher.some((n) => n.wochentag === v.wochentag && n.geoeffnet)))
    return [];
  const specials = (await findSonderzeiten(tx, grundrissId)).map((s) => ({
    ...s,
    status: parseOeffnungszeitStatus(s.status),
  }));
  const offene = await findOffeneBuchungen(tx, { grundrissId, from: now });
  return offene.filter((b) =>
    vonWochenschliessungBetroffen({ von: b.von, bis: b.bis, vorher, nachher, specials }),
  );
};

export type SonderzeitResult =
  | { kind: 'saved'; sonderoeffnungszeit: TSonderoeffnungszeit; storniert: TBetroffeneBuchung[] }
  | { kind: 'confirmation_required'; buchungen: TBetroffeneBuchung[] };

/**
 * Cancels the bookings a closing affects through the reading-room booking service (decision 052): the same
 * rule (the administrator acting as staff: holds and reservations are cancelled), the same cancellation mail
 * (`useMailStorno`, the reason naming the closing and a special time's description) and the same live event
 * as any other cancel, in `tx`; one audit row. Returns the bookings cancelled.
 */
const stornieren = async (
  tx: Tx,
  user: SessionUser,
  {
    grund,
    buchungen,
    now,
    publicUrl,
  }: { grundriss: string; grund: string; buchungen: TBetroffeneBuchung[]; now: Date; publicUrl: string },
): Promise<TBetroffeneBuchung[]> => {
  const kandidaten = buchungen.filter((b) => schliessungsStorno(parseStatus(b.status)) !== null);
  if (kandidaten.length === 0) return [];
  const changed = await storniereWegenSchliessung(
    tx,
    { publicUrl },
    { mandantId: user.mandantId, ids: kandidaten.map((b) => b.id), beschreibung: grund, now },
  );
  const done = kandidaten.filter((b) => changed.has(b.id));
  const storniert = done.map((b) => ({ ...b, status: 'storniert' }));
  if (storniert.length > 0)
    await writeAudit(tx, {
      mandantId: user.mandantId,
      benutzerId: user.benutzerId,
      action: 'cancel',
      entity: 'leseraum_buchung',
      entityId: null,
      oldValue: done.map((b) => ({ id: b.id, status: b.status })),
      newValue: { status: 'storniert', grund, anzahl: storniert.length },
    });
  return storniert;
};

/** The bookings saving `input` would cancel (only a closing period cancels anything). */
export const previewSonderzeit = async (
  { database, now }: Deps,
  user: SessionUser,
  grundrissId: string,
  input: TSonderoeffnungszeitInput,
): Promise<TBetroffeneBuchung[]> => {
  assertDarf(user, 'oeffnungszeiten.pflegen');
  const values = toValues(input);
  return database.withTenant(user.mandantId, async (tx) => {
    await requireGrundriss(tx, grundrissId);
    return toBetroffene(await findBetroffene(tx, grundrissId, values, now()));
  });
};

/**
 * Creates (no `sid`) or changes a special opening time. A closing period over holds or reservations needs
 * `confirmCancel: true`; then they are cancelled with a mail each, in the same transaction.
 */
export const saveSonderzeit = async (
  { database, now, publicUrl }: Deps,
  user: SessionUser,
  grundrissId: string,
  sid: string | null,
  input: TSonderoeffnungszeitInput,
): Promise<SonderzeitResult> => {
  assertDarf(user, 'oeffnungszeiten.pflegen');
  return database.withTenant(user.mandantId, async (tx) => {
    const plan = await requireGrundriss(tx, grundrissId);
    const before = sid ? await findSonderzeit(tx, grundrissId, sid) : undefined;
    if (sid && !before) throw nichtGefunden('sonderoeffnungszeit', sid);
    // decision 125: a PUT keeps the description and the times it was not given (POST: 01:00–23:00)
    const values = toValues(
      before
        ? mitBleibendem(
            { ...input, beschreibung: before.beschreibung, von: before.von, bis: before.bis },
            input,
          )
        : input,
    );
    const at = now();
    const betroffen = toBetroffene(await findBetroffene(tx, grundrissId, values, at));
    if (betroffen.length > 0 && input.confirmCancel !== true)
      return { kind: 'confirmation_required', buchungen: betroffen };
    const saved = before
      ? await updateSonderzeit(tx, before.id, values)
      : await insertSonderzeit(tx, { ...values, mandantId: user.mandantId, grundrissId });
    await writeAudit(tx, {
      mandantId: user.mandantId,
      benutzerId: user.benutzerId,
      action: before ? 'update' : 'create',
      entity: 'abweichende_oeffnungszeit',
      entityId: saved.id,
      oldValue: before ?? null,
      newValue: { ...saved, grundriss: plan.bezeichnung },
    });
    const storniert = await stornieren(tx, user, {
      grundriss: plan.bezeichnung,
      grund: values.beschreibung ?? '',
      publicUrl,
      buchungen: betroffen,
      now: at,
    });
    await publishEvent(tx, user.mandantId, { type: 'abweichende_oeffnungszeit', id: saved.id, grundrissId });
    return { kind: 'saved', sonderoeffnungszeit: toSonder(saved), storniert };
  });
};

export const removeSonderzeit = async (
  { database }: Deps,
  user: SessionUser,
  grundrissId: string,
  sid: string,
): Promise<void> => {
  assertDarf(user, 'oeffnungszeiten.pflegen');
  await database.withTenant(user.mandantId, async (tx) => {
    await requireGrundriss(tx, grundrissId);
    const before = await findSonderzeit(tx, grundrissId, sid);
    if (!before) throw nichtGefunden('sonderoeffnungszeit', sid);
    await deleteSonderzeit(tx, sid);
    await writeAudit(tx, {
      mandantId: user.mandantId,
      benutzerId: user.benutzerId,
      action: 'delete',
      entity: 'abweichende_oeffnungszeit',
      entityId: sid,
      oldValue: before,
    });
    await publishEvent(tx, user.mandantId, { type: 'abweichende_oeffnungszeit', id: sid, grundrissId });
  });
};
