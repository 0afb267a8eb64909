import { type TPushAbo, type TPushAboEingabe, ZPushAboListe } from '@stellwerk/domain/plattform/push/api';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api-client';

const KEY = ['push-geraete'] as const;

export const pushGeraeteQueryOptions = () =>
  queryOptions({
    queryKey: KEY,
    queryFn: async () => ZPushAboListe.parse(await apiFetch('/api/push/geraete')),
    staleTime: 0,
  });

/** The user's devices subscribed to web push (decision 245). */
export const usePushGeraete = () => useQuery(pushGeraeteQueryOptions());

export const ladeVapidSchluessel = async (): Promise<string> =>
  (await apiFetch<{ publicKey: string }>('/api/push/schluessel')).publicKey;

const useRefresh = () => {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: KEY });
};

/** Subscribes this device (or changes its kinds). */
export const useAbonnierePush = () => {
  const refresh = useRefresh();
  return useMutation({
    mutationKey: ['push', 'abo'],
    mutationFn: (eingabe: TPushAboEingabe) =>
      apiFetch<TPushAbo>('/api/push/abo', { method: 'PUT', body: eingabe }),
    onSuccess: () => void refresh(),
  });
};

/** Unsubscribes this device by its endpoint. */
export const useMeldePushAb = () => {
  const refresh = useRefresh();
  return useMutation({
    mutationKey: ['push', 'abmelden'],
    mutationFn: (endpoint: string) => apiFetch('/api/push/abmelden', { method: 'POST', body: { endpoint } }),
    onSuccess: () => void refresh(),
  });
};

/** Removes one of the user's devices from the list (also one not at hand). */
export const useEntfernePushGeraet = () => {
  const refresh = useRefresh();
  return useMutation({
    mutationKey: ['push', 'entfernen'],
    mutationFn: (id: string) => apiFetch(`/api/push/geraete/${id}`, { method: 'DELETE' }),
    onSuccess: () => void refresh(),
  });
};
