import type { TMe } from '@stellwerk/domain/api';
import { useQueryClient } from '@tanstack/react-query';
import { meKeys, useMe } from '../features/identitaet/session/api/get-me';

/** The signed-in user, or `null` for a visitor (the root route has loaded it before any page renders). */
export const useCurrentMe = (): TMe | null => useMe().data ?? null;

/** Refetch /api/me (after settings, language or tenant file changes). */
export const useRefreshMe = () => {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: meKeys.all });
};
