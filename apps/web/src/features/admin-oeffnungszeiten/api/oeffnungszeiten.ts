import {
  type TBetroffeneBuchung,
  type TOeffnungszeitenInput,
  type TSonderoeffnungszeitInput,
  type TSonderoeffnungszeitSaved,
  ZGrundrissAuswahlList,
  ZOeffnungszeitenWoche,
  ZSonderoeffnungszeitList,
  ZSonderoeffnungszeitSaved,
  ZStornierungBestaetigen,
} from '@stellwerk/domain/admin-stammdaten.api';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch, toApiError } from '../../../lib/api-client';

export const oeffnungszeitKeys = {
  grundrisse: ['admin', 'grundrisse'] as const,
  woche: (grundrissId: string) => ['admin', 'grundrisse', grundrissId, 'oeffnungszeiten'] as const,
  sonder: (grundrissId: string) => ['admin', 'grundrisse', grundrissId, 'sonderoeffnungszeiten'] as const,
};

export const useGrundrisse = () =>
  useQuery(
    queryOptions({
      queryKey: oeffnungszeitKeys.grundrisse,
      queryFn: async () => ZGrundrissAuswahlList.parse(await apiFetch('/api/admin/grundrisse')),
    }),
  );

export const useWoche = (grundrissId: string) =>
  useQuery({
    queryKey: oeffnungszeitKeys.woche(grundrissId),
    queryFn: async () =>
      ZOeffnungszeitenWoche.parse(await apiFetch(`/api/admin/grundrisse/${grundrissId}/oeffnungszeiten`)),
  });

export const useSaveWoche = (grundrissId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: TOeffnungszeitenInput) =>
      ZOeffnungszeitenWoche.parse(
        await apiFetch(`/api/admin/grundrisse/${grundrissId}/oeffnungszeiten`, {
          method: 'PUT',
          body: input,
        }),
      ),
    onSuccess: (woche) => queryClient.setQueryData(oeffnungszeitKeys.woche(grundrissId), woche),
  });
};

export const useSonderzeiten = (grundrissId: string) =>
  useQuery({
    queryKey: oeffnungszeitKeys.sonder(grundrissId),
    queryFn: async () =>
      ZSonderoeffnungszeitList.parse(
        await apiFetch(`/api/admin/grundrisse/${grundrissId}/sonderoeffnungszeiten`),
      ),
  });

/** A save either went through or the server asks to confirm cancelling these bookings first (409). */
export type SonderzeitResult =
  | { kind: 'saved'; saved: TSonderoeffnungszeitSaved }
  | { kind: 'confirm'; message: string; buchungen: TBetroffeneBuchung[] };

/**
 * POST (new) or PUT (change) a special opening time. A closing period over bookings answers 409 with the
 * bookings it would cancel unless `confirmCancel` is true; that answer is returned, not thrown.
 */
export const saveSonderzeit = async (
  grundrissId: string,
  id: string | null,
  input: TSonderoeffnungszeitInput,
): Promise<SonderzeitResult> => {
  const base = `/api/admin/grundrisse/${grundrissId}/sonderoeffnungszeiten`;
  const response = await fetch(id ? `${base}/${id}` : base, {
    method: id ? 'PUT' : 'POST',
    headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
    credentials: 'same-origin',
    body: JSON.stringify(input),
  });
  const text = await response.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = text;
  }
  if (response.status === 409) {
    const confirm = ZStornierungBestaetigen.safeParse(body);
    if (confirm.success)
      return { kind: 'confirm', message: confirm.data.error.message, buchungen: confirm.data.buchungen };
  }
  if (!response.ok) throw toApiError(response.status, body, response.statusText || `HTTP ${response.status}`);
  return { kind: 'saved', saved: ZSonderoeffnungszeitSaved.parse(body) };
};

export const useSaveSonderzeit = (grundrissId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: TSonderoeffnungszeitInput }) =>
      saveSonderzeit(grundrissId, id, input),
    onSuccess: (result) => {
      if (result.kind === 'saved')
        void queryClient.invalidateQueries({ queryKey: oeffnungszeitKeys.sonder(grundrissId) });
    },
  });
};

export const useDeleteSonderzeit = (grundrissId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch(`/api/admin/grundrisse/${grundrissId}/sonderoeffnungszeiten/${id}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: oeffnungszeitKeys.sonder(grundrissId) }),
  });
};
