import type {
  TNeuerZugriffstoken,
  TZugriffstoken,
  TZugriffstokenEingabe,
} from '@stellwerk/domain/identitaet/zugriffstoken/api';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api-client';

const KEY = ['zugriffstoken'] as const;

/** The user's personal access tokens (decision 226), without the tokens themselves. */
export const useZugriffstoken = () =>
  useQuery({ queryKey: KEY, queryFn: () => apiFetch<TZugriffstoken[]>('/api/zugriffstoken'), staleTime: 0 });

/** Creates a token; the answer holds it, shown once. */
export const useErstelleZugriffstoken = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['zugriffstoken', 'erstellen'],
    mutationFn: (eingabe: TZugriffstokenEingabe) =>
      apiFetch<TNeuerZugriffstoken>('/api/zugriffstoken', { method: 'POST', body: eingabe }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: KEY }),
  });
};

export const useWiderrufeZugriffstoken = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['zugriffstoken', 'widerrufen'],
    mutationFn: (id: string) => apiFetch<null>(`/api/zugriffstoken/${id}`, { method: 'DELETE' }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: KEY }),
  });
};
