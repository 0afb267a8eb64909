/**
 * `/admin/raeume` API (decision 051): floor plans, their SVG, their places, and the bookings a deactivation
 * would cancel. Every query sits under the `admin-raeume` root, which the live event `grundriss_leseraum`
 * refreshes.
 */
import {
  type TGrundrissAdmin,
  type TGrundrissInput,
  type TPlatzAdmin,
  type TPlatzInput,
  ZGrundrissAdmin,
  ZGrundrissAdminList,
  ZGrundrissGespeichert,
  ZPlatzAdmin,
  ZPlatzAdminList,
  ZPlatzGespeichert,
} from '@stellwerk/domain/leseraum/admin-raeume.api';
import type { TPlanPosition } from '@stellwerk/domain/leseraum/leseraum-buchung/api';
import { ZAusstattungList, ZBetroffeneBuchungen } from '@stellwerk/domain/verwaltung/admin-stammdaten.api';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { ApiError, apiFetch, toApiError } from '../../../../lib/api-client';
import { QUERY_ROOTS } from '../../../../lib/query-roots';

export const raeumeKeys = {
  all: QUERY_ROOTS.raeume,
  grundrisse: [...QUERY_ROOTS.raeume, 'grundrisse'] as const,
  standorte: [...QUERY_ROOTS.raeume, 'standorte'] as const,
  ausstattung: [...QUERY_ROOTS.raeume, 'ausstattung'] as const,
  plaetze: (grundrissId: string) => [...QUERY_ROOTS.raeume, 'plaetze', grundrissId] as const,
};

export const useGrundrisseAdmin = () =>
  useQuery(
    queryOptions({
      queryKey: raeumeKeys.grundrisse,
      queryFn: async () => ZGrundrissAdminList.parse(await apiFetch('/api/admin/raeume/grundrisse')),
    }),
  );

const ZStandorte = z.array(z.object({ id: z.string(), name: z.string() }));
export const useStandorte = () =>
  useQuery({
    queryKey: raeumeKeys.standorte,
    queryFn: async () => ZStandorte.parse(await apiFetch('/api/admin/raeume/standorte')),
  });

/** The equipment catalogue (same right as this screen) to give places their counts. */
export const useAusstattungKatalog = () =>
  useQuery({
    queryKey: raeumeKeys.ausstattung,
    queryFn: async () => ZAusstattungList.parse(await apiFetch('/api/admin/ausstattung')),
  });

export const usePlaetze = (grundrissId: string | undefined) =>
  useQuery({
    queryKey: raeumeKeys.plaetze(grundrissId ?? ''),
    queryFn: async () =>
      ZPlatzAdminList.parse(await apiFetch(`/api/admin/raeume/grundrisse/${grundrissId}/plaetze`)),
    enabled: grundrissId !== undefined,
  });

/** The bookings deactivating a plan or a place would cancel. */
export const fetchBetroffene = async (art: 'grundrisse' | 'plaetze', id: string) =>
  ZBetroffeneBuchungen.parse(await apiFetch(`/api/admin/raeume/${art}/${id}/deaktivierung`)).buchungen;

/** Multipart upload of the plan's SVG (field `file`). */
const uploadPlan = async (grundrissId: string, file: File): Promise<TGrundrissAdmin> => {
  const form = new FormData();
  form.append('file', file);
  const response = await fetch(`/api/admin/raeume/grundrisse/${grundrissId}/plan`, {
    method: 'POST',
    body: form,
    credentials: 'same-origin',
    headers: { Accept: 'application/json' },
  });
  const text = await response.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  if (!response.ok) throw toApiError(response.status, body, response.statusText || `HTTP ${response.status}`);
  return ZGrundrissAdmin.parse(body);
};

const useInvalidate = () => {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: raeumeKeys.all });
};

/**
 * Creates (id null) or changes a plan, then uploads its SVG when one was chosen. `confirmCancel` is sent
 * after the user saw the bookings a deactivation cancels.
 */
export const useSaveGrundriss = () => {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async ({
      id,
      input,
      datei,
    }: {
      id: string | null;
      input: TGrundrissInput;
      datei: File | null;
    }): Promise<{ grundriss: TGrundrissAdmin; storniert: number; uploadError: unknown }> => {
      const saved = id
        ? ZGrundrissGespeichert.parse(
            await apiFetch(`/api/admin/raeume/grundrisse/${id}`, { method: 'PUT', body: input }),
          )
        : {
            grundriss: ZGrundrissAdmin.parse(
              await apiFetch('/api/admin/raeume/grundrisse', { method: 'POST', body: input }),
            ),
            storniert: [],
          };
      // The plan is saved even when its SVG is refused: the caller shows the refusal and edits the saved plan.
      if (!datei) return { grundriss: saved.grundriss, storniert: saved.storniert.length, uploadError: null };
      try {
        const grundriss = await uploadPlan(saved.grundriss.id, datei);
        return { grundriss, storniert: saved.storniert.length, uploadError: null };
      } catch (uploadError) {
        return { grundriss: saved.grundriss, storniert: saved.storniert.length, uploadError };
      }
    },
    onSettled: invalidate,
  });
};

export const useDeleteGrundriss = () => {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: string) => apiFetch(`/api/admin/raeume/grundrisse/${id}`, { method: 'DELETE' }),
    onSuccess: invalidate,
  });
};

/** Adds (id null, on plan `grundrissId`) or changes a place; the equipment rows are replaced. */
export const useSavePlatz = () => {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async ({
      id,
      grundrissId,
      input,
    }: {
      id: string | null;
      grundrissId: string;
      input: TPlatzInput;
    }): Promise<{ platz: TPlatzAdmin; storniert: number }> => {
      if (id) {
        const saved = ZPlatzGespeichert.parse(
          await apiFetch(`/api/admin/raeume/plaetze/${id}`, { method: 'PUT', body: input }),
        );
        return { platz: saved.platz, storniert: saved.storniert.length };
      }
      const platz = ZPlatzAdmin.parse(
        await apiFetch(`/api/admin/raeume/grundrisse/${grundrissId}/plaetze`, {
          method: 'POST',
          body: input,
        }),
      );
      return { platz, storniert: 0 };
    },
    onSuccess: invalidate,
  });
};

/** Moves a place; the list shows the new position at once (optimistic) and is corrected from the answer. */
export const useMovePlatz = (grundrissId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, position }: { id: string; position: TPlanPosition }) =>
      ZPlatzAdmin.parse(
        await apiFetch(`/api/admin/raeume/plaetze/${id}/position`, { method: 'PUT', body: { position } }),
      ),
    onMutate: ({ id, position }) => {
      queryClient.setQueryData<TPlatzAdmin[]>(raeumeKeys.plaetze(grundrissId), (list) =>
        list?.map((p) => (p.id === id ? { ...p, position } : p)),
      );
    },
    onError: () => queryClient.invalidateQueries({ queryKey: raeumeKeys.plaetze(grundrissId) }),
  });
};

export const useDeletePlatz = () => {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: string) => apiFetch(`/api/admin/raeume/plaetze/${id}`, { method: 'DELETE' }),
    onSuccess: invalidate,
  });
};

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;
