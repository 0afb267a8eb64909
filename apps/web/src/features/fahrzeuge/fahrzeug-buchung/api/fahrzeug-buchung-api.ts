import {
  type TCheckInEingabe,
  type TCheckOutEingabe,
  ZCheckInVorlage,
} from '@stellwerk/domain/fahrten/fahrtenbuch/api';
import {
  ZFahrzeugBuchung,
  ZFahrzeugBuchungListe,
  ZFahrzeugDetail,
  ZFahrzeugListe,
  ZFahrzeugPersonListe,
} from '@stellwerk/domain/fahrzeuge/fahrzeug-buchung/api';
import type { TFahrzeugBuchungEingabe } from '@stellwerk/domain/fahrzeuge/fahrzeug-buchung/schemas';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiFetch, toApiError } from '../../../../lib/api-client';
import { QUERY_ROOTS } from '../../../../lib/query-roots';

/**
 * Vehicle booking for the booker (API decision 045): the vehicle list with `frei` for a period, a
 * vehicle with its upcoming bookings, the user's own bookings, and booking, changing and cancelling. Every
 * change invalidates both roots; the live event `fahrzeug_buchung` does the same for other users' changes.
 */
export const fahrzeugKeys = {
  all: QUERY_ROOTS.fahrzeuge,
  liste: (zeitraum: { von: string; bis: string } | null) =>
    [...QUERY_ROOTS.fahrzeuge, 'liste', zeitraum] as const,
  detail: (id: string) => [...QUERY_ROOTS.fahrzeuge, 'detail', id] as const,
};
/** The own bookings' address; the service worker keeps its answer for offline reading (decision 244). */
export const EIGENE_PFAD = '/api/fahrzeug-buchungen?eigene=true';

export const fahrzeugBuchungKeys = {
  all: QUERY_ROOTS.fahrzeugBuchungen,
  eigene: [...QUERY_ROOTS.fahrzeugBuchungen, 'eigene'] as const,
  alle: [...QUERY_ROOTS.fahrzeugBuchungen, 'alle'] as const,
  fahrer: [...QUERY_ROOTS.fahrzeugBuchungen, 'fahrer'] as const,
  freigeber: [...QUERY_ROOTS.fahrzeugBuchungen, 'freigeber'] as const,
};

/** The tenant's active vehicles, favourites first; with a period each says whether it is free then. */
export const useFahrzeuge = (zeitraum: { von: string; bis: string } | null) =>
  useQuery({
    queryKey: fahrzeugKeys.liste(zeitraum),
    queryFn: async () => {
      const query = zeitraum ? `?${new URLSearchParams(zeitraum).toString()}` : '';
      return ZFahrzeugListe.parse(await apiFetch(`/api/fahrzeuge${query}`));
    },
    placeholderData: keepPreviousData,
  });

export const useFahrzeug = (id: string | undefined) =>
  useQuery({
    queryKey: fahrzeugKeys.detail(id ?? ''),
    queryFn: async () => ZFahrzeugDetail.parse(await apiFetch(`/api/fahrzeuge/${id}`)),
    enabled: id !== undefined,
  });

/** The user's trips not yet ended (booked or driven). */
export const useEigeneFahrzeugBuchungen = () =>
  useQuery({
    queryKey: fahrzeugBuchungKeys.eigene,
    queryFn: async () => ZFahrzeugBuchungListe.parse(await apiFetch(EIGENE_PFAD)),
  });

/** Every trip of the tenant not yet ended (maintainers only: buchung_pflege or fahrzeug_pflege). */
export const useAlleFahrzeugBuchungen = (enabled: boolean) =>
  useQuery({
    queryKey: fahrzeugBuchungKeys.alle,
    queryFn: async () => ZFahrzeugBuchungListe.parse(await apiFetch('/api/fahrzeug-buchungen?eigene=false')),
    enabled,
  });

/** Whom the user may choose as driver; only asked for when the user may book for others. */
export const useWaehlbareFahrer = (enabled: boolean) =>
  useQuery({
    queryKey: fahrzeugBuchungKeys.fahrer,
    queryFn: async () => ZFahrzeugPersonListe.parse(await apiFetch('/api/fahrzeug-buchungen/fahrer')),
    enabled,
  });

/** The possible approvers of a special trip; loaded only when the period needs one (spec §6). */
export const useMoeglicheFreigeber = (enabled: boolean) =>
  useQuery({
    queryKey: fahrzeugBuchungKeys.freigeber,
    queryFn: async () => ZFahrzeugPersonListe.parse(await apiFetch('/api/fahrzeug-buchungen/freigeber')),
    enabled,
  });

const useInvalidateAll = () => {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: fahrzeugKeys.all }),
      queryClient.invalidateQueries({ queryKey: fahrzeugBuchungKeys.all }),
    ]);
};

/** Book (no id) or change (id) a trip. */
export const useSpeichereBuchung = () => {
  const invalidate = useInvalidateAll();
  return useMutation({
    mutationFn: async ({ id, eingabe }: { id: string | null; eingabe: TFahrzeugBuchungEingabe }) =>
      ZFahrzeugBuchung.parse(
        await apiFetch(id ? `/api/fahrzeug-buchungen/${id}` : '/api/fahrzeug-buchungen', {
          method: id ? 'PUT' : 'POST',
          body: eingabe,
        }),
      ),
    onSuccess: invalidate,
  });
};

export const useStorniereBuchung = () => {
  const invalidate = useInvalidateAll();
  return useMutation({
    mutationFn: async (id: string) =>
      ZFahrzeugBuchung.parse(await apiFetch(`/api/fahrzeug-buchungen/${id}/storno`, { method: 'POST' })),
    onSuccess: invalidate,
  });
};

/** An administrator or fleet manager cancels someone else's trip with a reason the booker is mailed (R196). */
export const useStorniereFremdeBuchung = () => {
  const invalidate = useInvalidateAll();
  return useMutation({
    mutationFn: async ({ id, grund }: { id: string; grund: string }) =>
      ZFahrzeugBuchung.parse(
        await apiFetch(`/api/fahrzeug-buchungen/${id}/storno`, { method: 'POST', body: { grund } }),
      ),
    onSuccess: invalidate,
  });
};

/**
 * Mark or unmark a favourite vehicle: the user's own list (customizing option FahrzeugLieblingsFahrzeuge,
 * user level, through the customizing API). `onSaved` reads /api/me again, where the list comes from.
 */
export const useSetzeLieblingsFahrzeuge = (onSaved: () => void) => {
  const invalidate = useInvalidateAll();
  return useMutation({
    mutationFn: (ids: string[]) =>
      apiFetch('/api/customizing/benutzer/FahrzeugLieblingsFahrzeuge', {
        method: 'PUT',
        body: { value: ids },
      }),
    onSuccess: async () => {
      onSaved();
      await invalidate();
    },
  });
};

// --- check-in and check-out (decisions 063, 064) ------------------------------------------------

export const fahrtKeys = {
  vorlage: (id: string) => [...QUERY_ROOTS.fahrzeugBuchungen, 'check-in', id] as const,
};

/** What the check-in and check-out dialogs show: proposed mileage, lists, the vehicle's open damages. */
export const useCheckInVorlage = (id: string | undefined) =>
  useQuery({
    queryKey: fahrtKeys.vorlage(id ?? ''),
    queryFn: async () => ZCheckInVorlage.parse(await apiFetch(`/api/fahrzeug-buchungen/${id}/check-in`)),
    enabled: id !== undefined,
  });

export type FahrtSchrittArt = 'check-in' | 'check-out';
export type FahrtSchrittDateien = { belege: readonly File[]; schadenFotos: ReadonlyMap<number, File> };

/**
 * One multipart request (decision 064): the JSON as `daten`, receipts as `beleg`, damage photos as
 * `schaden.{i}.foto`; through XMLHttpRequest for the upload progress fetch does not report.
 */
export const sendeFahrtSchritt = (
  id: string,
  art: FahrtSchrittArt,
  daten: TCheckInEingabe | TCheckOutEingabe,
  dateien: FahrtSchrittDateien,
  onProgress: (percent: number) => void,
): Promise<unknown> =>
  new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `/api/fahrzeug-buchungen/${id}/${art}`);
    request.withCredentials = true;
    request.setRequestHeader('Accept', 'application/json');
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    request.onload = () => {
      let body: unknown;
      try {
        body = JSON.parse(request.responseText);
      } catch {
        body = undefined;
      }
      if (request.status >= 200 && request.status < 300) {
        onProgress(100);
        resolve(body);
        return;
      }
      reject(toApiError(request.status, body, request.statusText || `HTTP ${request.status}`));
    };
    request.onerror = () => reject(new ApiError(0, 'network'));
    const form = new FormData();
    form.append('daten', JSON.stringify(daten));
    for (const b of dateien.belege) form.append('beleg', b);
    for (const [i, f] of dateien.schadenFotos) form.append(`schaden.${i}.foto`, f);
    request.send(form);
  });

export const useFahrtSchritt = (id: string, art: FahrtSchrittArt, onProgress: (percent: number) => void) => {
  const invalidate = useInvalidateAll();
  return useMutation({
    mutationFn: ({
      daten,
      dateien,
    }: {
      daten: TCheckInEingabe | TCheckOutEingabe;
      dateien: FahrtSchrittDateien;
    }) => sendeFahrtSchritt(id, art, daten, dateien, onProgress),
    onSuccess: () => invalidate(),
  });
};
