import { formatError } from '@stellwerk/domain/errors';
import {
  type TFahrzeugAdmin,
  type TFahrzeugAdminAenderungRoh,
  type TFahrzeugAdminEingabe,
  type TFahrzeugAdminGespeichert,
  type TFahrzeugStornoVorschau,
  ZFahrzeugAdmin,
  ZFahrzeugAdminGespeichert,
  ZFahrzeugAdminListe,
  ZFahrzeugStandortListe,
  ZFahrzeugStornoVorschau,
} from '@stellwerk/domain/fahrzeuge/fahrzeug/api';
import type { Language } from '@stellwerk/domain/language';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiFetch, toApiError } from '../../../../lib/api-client';
import { QUERY_ROOTS } from '../../../../lib/query-roots';

/** Under the vehicles' root, so vehicle and booking events refresh the table (decision 025). */
export const fahrzeugAdminKeys = {
  all: [...QUERY_ROOTS.fahrzeuge, 'admin'] as const,
  liste: () => [...fahrzeugAdminKeys.all, 'liste'] as const,
  standorte: () => [...fahrzeugAdminKeys.all, 'standorte'] as const,
};

export const fahrzeugeAdminQueryOptions = () =>
  queryOptions({
    queryKey: fahrzeugAdminKeys.liste(),
    queryFn: async () => ZFahrzeugAdminListe.parse(await apiFetch('/api/admin/fahrzeuge')),
  });

export const useFahrzeugeAdmin = () => useQuery(fahrzeugeAdminQueryOptions());

export const useFahrzeugStandorte = () =>
  useQuery({
    queryKey: fahrzeugAdminKeys.standorte(),
    queryFn: async () => ZFahrzeugStandortListe.parse(await apiFetch('/api/admin/fahrzeuge/standorte')),
  });

/** POST …/vorschau: the bookings saving would cancel, before the user confirms. */
export const ladeVorschau = async (
  id: string,
  fahrzeug: TFahrzeugAdminEingabe,
): Promise<TFahrzeugStornoVorschau> =>
  ZFahrzeugStornoVorschau.parse(
    await apiFetch(`/api/admin/fahrzeuge/${id}/vorschau`, { method: 'POST', body: fahrzeug }),
  );

export const useCreateFahrzeug = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (fahrzeug: TFahrzeugAdminEingabe): Promise<TFahrzeugAdmin> =>
      ZFahrzeugAdmin.parse(await apiFetch('/api/admin/fahrzeuge', { method: 'POST', body: fahrzeug })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: QUERY_ROOTS.fahrzeuge }),
  });
};

/** PUT …/favorit: a favourite of the tenant, first in every user's vehicle list. */
export const useSetFahrzeugFavorit = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, favorit }: { id: string; favorit: boolean }): Promise<TFahrzeugAdmin> =>
      ZFahrzeugAdmin.parse(
        await apiFetch(`/api/admin/fahrzeuge/${id}/favorit`, { method: 'PUT', body: { favorit } }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: QUERY_ROOTS.fahrzeuge }),
  });
};

/** PUT with the old data's version and the confirmed cancellations (decision 048). */
export const useUpdateFahrzeug = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      id,
      aenderung,
    }: {
      id: string;
      aenderung: TFahrzeugAdminAenderungRoh;
    }): Promise<TFahrzeugAdminGespeichert> =>
      ZFahrzeugAdminGespeichert.parse(
        await apiFetch(`/api/admin/fahrzeuge/${id}`, { method: 'PUT', body: aenderung }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: QUERY_ROOTS.fahrzeuge }),
  });
};

export const useDeleteFahrzeug = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch(`/api/admin/fahrzeuge/${id}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: QUERY_ROOTS.fahrzeuge }),
  });
};

// --- photo ----------------------------------------------------------------------------------------------

export const MAX_BILD_BYTES = 5 * 1024 * 1024;
const BILD_TYPEN = ['image/png', 'image/jpeg'];

/**
 * A photo checked before sending, refused in the words the server uses ('Fehler beim Hochladen der Datei: …'
 * with the reason); null when it may be sent. The server checks the content again.
 */
export const bildProblem = (
  file: Pick<File, 'type' | 'size' | 'name'>,
  language: Language,
): string | null => {
  if (!BILD_TYPEN.includes(file.type) && !/\.(png|jpe?g)$/i.test(file.name))
    return formatError('upload.type_not_allowed', language, { erlaubt: 'PNG, JPG' });
  if (file.size > MAX_BILD_BYTES)
    return formatError('upload.too_large', language, { maxMb: MAX_BILD_BYTES / 1024 / 1024 });
  return null;
};

export const uploadBild = async (id: string, file: File): Promise<TFahrzeugAdmin> => {
  const form = new FormData();
  form.append('file', file);
  const response = await fetch(`/api/admin/fahrzeuge/${id}/bild`, {
    method: 'POST',
    headers: { Accept: 'application/json' },
    credentials: 'same-origin',
    body: form,
  });
  const text = await response.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = text;
  }
  if (!response.ok) throw toApiError(response.status, body, response.statusText || `HTTP ${response.status}`);
  if (body === undefined) throw new ApiError(response.status, 'empty');
  return ZFahrzeugAdmin.parse(body);
};

export const removeBild = async (id: string): Promise<TFahrzeugAdmin> =>
  ZFahrzeugAdmin.parse(await apiFetch(`/api/admin/fahrzeuge/${id}/bild`, { method: 'DELETE' }));
