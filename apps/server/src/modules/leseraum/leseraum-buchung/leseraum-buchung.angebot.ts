import { DomainError, isDomainError } from '@stellwerk/domain/errors';
import type { TBelegungQuery, TLeseraumBuchungInput } from '@stellwerk/domain/leseraum/leseraum-buchung/api';
import { berlinDateKey, formatTimeDE } from '@stellwerk/domain/time';
import type { SessionUser } from '../../identitaet/auth/auth.context.ts';
import { getBelegung } from './leseraum-buchung.abfragen.ts';
import type { LeseraumDeps } from './leseraum-buchung.kontext.ts';
import { findGrundrissDesPlatzes } from './leseraum-buchung.repository.ts';

/** The occupancy question of the screen for the period a booking asked for. */
const belegungsFrage = (input: TLeseraumBuchungInput): TBelegungQuery =>
  input.modus === 'ganztags'
    ? { tag: input.tag, modus: 'ganztags', tageszeit: input.tageszeit }
    : {
        tag: berlinDateKey(new Date(input.von)),
        modus: 'stuendlich',
        tageszeit: 'ganztags',
        von: formatTimeDE(new Date(input.von)),
        bis: formatTimeDE(new Date(input.bis)),
      };

/**
 * A booking refused because its place is taken (`leseraum_buchung.belegt`, by the rules or by the database's
 * exclusion constraint when two asked at once) is answered with another place (decision 261): the free place of
 * the same room nearest to the one asked for, from the screen's own occupancy for the same period (so every state
 * the screen shows, the caller's own holds and the opening hours apply), with how many are free. Without a free
 * place the refusal stays as it was. The offer is asked in a transaction of its own, after the refused one.
 */
export const mitAngebot = async (
  deps: LeseraumDeps,
  user: SessionUser,
  input: TLeseraumBuchungInput,
  error: unknown,
): Promise<unknown> => {
  if (!isDomainError(error) || error.code !== 'leseraum_buchung.belegt') return error;
  const grundrissId = await deps.database.withTenant(user.mandantId, (tx) =>
    findGrundrissDesPlatzes(tx, input.leseraumId),
  );
  if (!grundrissId) return error;
  const belegung = await getBelegung(deps, user, grundrissId, belegungsFrage(input));
  const gefragt = belegung.plaetze.find((p) => p.id === input.leseraumId)?.position ?? null;
  const frei = belegung.plaetze.filter(
    (p) => p.zustand === 'frei' && p.id !== input.leseraumId && p.kapazitaet >= input.gruppengroesse,
  );
  if (frei.length === 0) return error;
  const abstand = (p: (typeof frei)[number]) =>
    gefragt && p.position ? Math.hypot(p.position.x - gefragt.x, p.position.y - gefragt.y) : 0;
  const [naechster] = [...frei].sort(
    (a, b) => abstand(a) - abstand(b) || a.bezeichnung.localeCompare(b.bezeichnung, 'de'),
  );
  return new DomainError('leseraum_buchung.belegt_angebot', {
    platz: naechster!.bezeichnung,
    platzId: naechster!.id,
    frei: frei.length,
  });
};
