import type {
  TKalenderAboLinks,
  TKalenderAboStand,
  TKalenderFilter,
} from '@stellwerk/domain/plattform/kalender/api';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api-client';

const KEY = ['kalender-abo'] as const;

export const kalenderAboQueryOptions = () =>
  queryOptions({
    queryKey: KEY,
    queryFn: () => apiFetch<TKalenderAboStand>('/api/kalender-abo'),
    staleTime: 0,
  });

export const useKalenderAbo = () => useQuery(kalenderAboQueryOptions());

const useRefresh = () => {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: KEY });
};

/** Creates the subscription or gives it a new link (the old one stops); the answer holds the links, shown once. */
export const useErstelleKalenderAbo = () => {
  const refresh = useRefresh();
  return useMutation({
    mutationKey: ['kalender-abo', 'erstellen'],
    mutationFn: (filter: TKalenderFilter) =>
      apiFetch<TKalenderAboLinks>('/api/kalender-abo', { method: 'POST', body: filter }),
    onSuccess: () => void refresh(),
  });
};

/** Changes what the feed shows; the link stays. */
export const useAendereKalenderFilter = () => {
  const refresh = useRefresh();
  return useMutation({
    mutationKey: ['kalender-abo', 'filter'],
    mutationFn: (filter: TKalenderFilter) =>
      apiFetch<TKalenderAboStand>('/api/kalender-abo', { method: 'PUT', body: filter }),
    onSuccess: () => void refresh(),
  });
};

/** Ends the subscription: its link stops working. */
export const useWiderrufeKalenderAbo = () => {
  const refresh = useRefresh();
  return useMutation({
    mutationKey: ['kalender-abo', 'widerrufen'],
    mutationFn: () => apiFetch<null>('/api/kalender-abo', { method: 'DELETE' }),
    onSuccess: () => void refresh(),
  });
};
