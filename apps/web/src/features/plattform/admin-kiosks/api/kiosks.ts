import { ZGrundrissKurz } from '@stellwerk/domain/leseraum/leseraum-buchung/api';
import {
  type TKiosk,
  type TKioskEinstellung,
  type TKioskKoppeln,
  ZKiosk,
  ZKioskListe,
} from '@stellwerk/domain/plattform/kiosk/api';
import { ZStandortList } from '@stellwerk/domain/verwaltung/admin-stammdaten.api';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { ApiError, apiFetch } from '../../../../lib/api-client';

export const kioskKeys = {
  all: ['admin', 'kiosks'] as const,
  standorte: ['admin', 'kiosks', 'standorte'] as const,
  grundrisse: ['admin', 'kiosks', 'grundrisse'] as const,
};

export const kiosksQueryOptions = () =>
  queryOptions({
    queryKey: kioskKeys.all,
    queryFn: async () => ZKioskListe.parse(await apiFetch('/api/admin/kiosks')).kiosks,
  });

export const useKiosks = () => useQuery(kiosksQueryOptions());

/** The locations a kiosk can stand at. */
export const useKioskStandorte = () =>
  useQuery({
    queryKey: kioskKeys.standorte,
    queryFn: async () => ZStandortList.parse(await apiFetch('/api/admin/standorte')),
  });

const ZPlaene = z.array(ZGrundrissKurz);

/** The plans of one area; an area switched off for the tenant has none (404). */
const plaeneDes = async (bereich: 'leseraum' | 'arbeitswelt') => {
  try {
    return ZPlaene.parse(await apiFetch(`/api/grundrisse?bereich=${bereich}`));
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return [];
    throw error;
  }
};

/** The floor plans of both areas with their location: a kiosk shows those of its location. */
export const useKioskGrundrisse = () =>
  useQuery({
    queryKey: kioskKeys.grundrisse,
    queryFn: async () => {
      const [leseraum, arbeitswelt] = await Promise.all([plaeneDes('leseraum'), plaeneDes('arbeitswelt')]);
      return [...leseraum, ...arbeitswelt];
    },
  });

/** Pair the screen showing the code. */
export const useKoppleKiosk = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: TKioskKoppeln): Promise<TKiosk> =>
      ZKiosk.parse(await apiFetch('/api/admin/kiosks', { method: 'POST', body: input })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: kioskKeys.all, exact: true }),
  });
};

/** Change what a kiosk shows. */
export const useAendereKiosk = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, input }: { id: string; input: TKioskEinstellung }): Promise<TKiosk> =>
      ZKiosk.parse(await apiFetch(`/api/admin/kiosks/${id}`, { method: 'PATCH', body: input })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: kioskKeys.all, exact: true }),
  });
};

/** Revoke a kiosk: its screen stops at once. */
export const useWiderrufeKiosk = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string): Promise<TKiosk> =>
      ZKiosk.parse(await apiFetch(`/api/admin/kiosks/${id}`, { method: 'DELETE' })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: kioskKeys.all, exact: true }),
  });
};
