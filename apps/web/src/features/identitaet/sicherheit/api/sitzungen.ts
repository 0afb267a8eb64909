import type {
  TAbmeldenErgebnis,
  TSitzungBeendet,
  TSitzungen,
} from '@stellwerk/domain/identitaet/sicherheit/api';
import type { AbmeldeScope } from '@stellwerk/domain/identitaet/sicherheit/sitzung';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api-client';
import { sicherheitKeys } from './faktoren';

export const sitzungenQueryOptions = () =>
  queryOptions({
    queryKey: sicherheitKeys.sitzungen,
    queryFn: () => apiFetch<TSitzungen>('/api/sicherheit/sitzungen'),
    staleTime: 0,
  });

export const useSitzungen = () => useQuery(sitzungenQueryOptions());

/** Sign-out with a scope of spec §7: this device, all devices, all other devices. */
export const useAbmelden = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['sicherheit', 'abmelden'],
    mutationFn: (scope: AbmeldeScope) =>
      apiFetch<TAbmeldenErgebnis>('/api/sicherheit/abmelden', { method: 'POST', body: { scope } }),
    onSuccess: (_result, scope) => {
      if (scope === 'others') void queryClient.invalidateQueries({ queryKey: sicherheitKeys.sitzungen });
    },
  });
};

/** Ends one chosen session (decision 101); ending this device's session signs out. */
export const useBeendeSitzung = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['sicherheit', 'sitzung-beenden'],
    mutationFn: (id: string) =>
      apiFetch<TSitzungBeendet>(`/api/sicherheit/sitzungen/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: (result) => {
      if (!result.diesesGeraet) void queryClient.invalidateQueries({ queryKey: sicherheitKeys.sitzungen });
    },
  });
};
