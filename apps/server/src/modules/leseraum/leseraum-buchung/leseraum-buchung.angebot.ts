import { platzAngebot } from '@stellwerk/domain/leseraum/leseraum-buchung/angebot';
import { DomainError, isDomainError } from '@stellwerk/domain/errors';
import type { SessionUser } from '../../identitaet/auth/auth.context.ts';
import type { LeseraumDeps } from './leseraum-buchung.kontext.ts';
import { findAngebotsKandidaten } from './leseraum-buchung.repository.ts';

/**
 * A booking refused because its place is taken (`leseraum_buchung.belegt`, by the rules or by the database's
 * exclusion constraint when two asked at once) is answered with another place (decisions 261, 267): a free place
 * of the same plan for the same `period` (the refused request's, as its rules computed it), one of the few nearest
 * to the asked place at random (the rule: packages/domain angebot.ts), with how many are free. Without a free
 * place the refusal stays as it was. The places are asked with one statement, in a transaction of its own after
 * the refused one (on PostgreSQL a transaction refused by the constraint cannot be used any more).
 */
export const mitAngebot = async (
  deps: LeseraumDeps,
  user: SessionUser,
  input: { leseraumId: string; gruppengroesse: number },
  period: { von: Date; bis: Date } | undefined,
  error: unknown,
): Promise<unknown> => {
  if (!isDomainError(error) || error.code !== 'leseraum_buchung.belegt' || !period) return error;
  const plaetze = await deps.database.withTenant(user.mandantId, (tx) =>
    findAngebotsKandidaten(tx, { leseraumId: input.leseraumId, ...period }),
  );
  const gefragt = plaetze.find((p) => p.id === input.leseraumId);
  if (!gefragt) return error;
  const angebot = platzAngebot({
    gefragt,
    plaetze,
    gruppengroesse: input.gruppengroesse,
    zufall: Math.random,
  });
  if (!angebot) return error;
  return new DomainError('leseraum_buchung.belegt_angebot', {
    platz: angebot.platz.bezeichnung,
    platzId: angebot.platz.id,
    frei: angebot.frei,
  });
};
