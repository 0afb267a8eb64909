import type { TLesung, TVerstehenEingabe } from '@stellwerk/domain/assistent/api';
import { verstehen } from '@stellwerk/domain/assistent/verstehen';
import type { Database } from '../../../db/client.ts';
import type { SessionUser } from '../../identitaet/auth/auth.context.ts';
import { findStandortNamen } from './verstehen.repository.ts';

/**
 * Reads a request of the signed-in user (decision 177): intent, period in Berlin time relative to `bezug` (default
 * now), full day, one of the tenant's locations, a question back. Reads the location names, writes nothing. The
 * Chatbot switch is checked by the route's scope before the input (decision 178).
 */
export const understandRequest = async (
  deps: { database: Database; now: () => Date },
  user: SessionUser,
  eingabe: TVerstehenEingabe,
): Promise<TLesung> => {
  const standorte = await deps.database.withTenant(user.mandantId, (tx) => findStandortNamen(tx));
  return verstehen({
    text: eingabe.text,
    bezug: eingabe.bezug ? new Date(eingabe.bezug) : deps.now(),
    standorte,
  });
};
