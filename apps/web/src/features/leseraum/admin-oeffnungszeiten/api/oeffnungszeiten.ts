import {
  type TBetroffeneBuchung,
  type TOeffnungszeitenGespeichert,
  type TOeffnungszeitenInput,
  type TSonderoeffnungszeitInput,
  type TSonderoeffnungszeitSaved,
  ZGrundrissAuswahlList,
  ZOeffnungszeitenGespeichert,
  ZOeffnungszeitenWoche,
  ZSonderoeffnungszeitList,
  ZSonderoeffnungszeitSaved,
  ZStornierungBestaetigen,
} from '@stellwerk/domain/verwaltung/admin-stammdaten.api';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiFetch, toApiError } from '../../../../lib/api-client';
import { QUERY_ROOTS } from '../../../../lib/query-roots';

export const oeffnungszeitKeys = {
  grundrisse: QUERY_ROOTS.grundrisse,
  woche: (grundrissId: string) => [...QUERY_ROOTS.grundrisse, grundrissId, 'oeffnungszeiten'] as const,
  sonder: (grundrissId: string) => [...QUERY_ROOTS.grundrisse, grundrissId, 'sonderoeffnungszeiten'] as const,
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

export const useSonderzeiten = (grundrissId: string) =>
  useQuery({
    queryKey: oeffnungszeitKeys.sonder(grundrissId),
    queryFn: async () =>
      ZSonderoeffnungszeitList.parse(
        await apiFetch(`/api/admin/grundrisse/${grundrissId}/sonderoeffnungszeiten`),
      ),
  });

/** A save either went through or the server asks to confirm cancelling these bookings first (409). */
export type ConfirmableResult<T> =
  | { kind: 'saved'; saved: T }
  | { kind: 'confirm'; message: string; buchungen: TBetroffeneBuchung[] };
export type SonderzeitResult = ConfirmableResult<TSonderoeffnungszeitSaved>;
export type WocheResult = ConfirmableResult<TOeffnungszeitenGespeichert>;

/**
 * Sends a change that may close the floor plan over bookings: without `confirmCancel` the server answers
 * 409 with the bookings it would cancel; that answer is returned, not thrown.
 */
const sendConfirmable = async <T>(
  url: string,
  method: 'POST' | 'PUT',
  input: unknown,
  schema: z.ZodType<T>,
): Promise<ConfirmableResult<T>> => {
  const response = await fetch(url, {
    method,
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
  return { kind: 'saved', saved: schema.parse(body) };
};

/** POST (new) or PUT (change) a special opening time; a closing period over bookings asks first. */
export const saveSonderzeit = (
  grundrissId: string,
  id: string | null,
  input: TSonderoeffnungszeitInput,
): Promise<SonderzeitResult> => {
  const base = `/api/admin/grundrisse/${grundrissId}/sonderoeffnungszeiten`;
  return sendConfirmable(id ? `${base}/${id}` : base, id ? 'PUT' : 'POST', input, ZSonderoeffnungszeitSaved);
};

/** PUT the week; closing a weekday over bookings asks first, like a closing special opening time. */
export const saveWoche = (grundrissId: string, input: TOeffnungszeitenInput): Promise<WocheResult> =>
  sendConfirmable(
    `/api/admin/grundrisse/${grundrissId}/oeffnungszeiten`,
    'PUT',
    input,
    ZOeffnungszeitenGespeichert,
  );

export const useSaveWoche = (grundrissId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TOeffnungszeitenInput) => saveWoche(grundrissId, input),
    onSuccess: (result) => {
      if (result.kind === 'saved') {
        const { storniert: _, ...woche } = result.saved;
        queryClient.setQueryData(oeffnungszeitKeys.woche(grundrissId), woche);
      }
    },
  });
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
