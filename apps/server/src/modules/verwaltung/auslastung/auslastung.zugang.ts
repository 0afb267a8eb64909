import { DomainError } from '@stellwerk/domain/errors';
import { checkAdminRoute } from '@stellwerk/domain/permissions';
import type { SessionUser } from '../../identitaet/auth/auth.context.ts';

/** The screen the utilisation's API serves: the same guard (admin access and auslastung_sehen, decision 165). */
export const AUSLASTUNG_SCREEN = '/admin/auslastung';

/** The service's own check (the route's guard ran already): the screen's guard on the session user. */
export const requireAdminRouteFuer = (user: SessionUser): void => {
  const failure = checkAdminRoute(AUSLASTUNG_SCREEN, user);
  if (failure) throw new DomainError(failure);
};
