import {
  type TFassungEingabe,
  type THandEintragEingabe,
  ZFahrtenbuch,
  ZFahrtenbuchFassung,
  ZKettenPruefung,
  ZOffenerSchaden,
} from '@stellwerk/domain/fahrten/fahrtenbuch/api';
import { ZFahrzeugHistorie } from '@stellwerk/domain/fahrzeuge/fahrzeug/historie-api';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch, toApiError } from '../../../../lib/api-client';
import { QUERY_ROOTS } from '../../../../lib/query-roots';

/**
 * A vehicle's history and logbook in the vehicle detail (decisions 062 and 065): the logbook for a
 * period with each entry's versions, a new version (addition or correction), a trip recorded by hand, the chain
 * check, the exports; the history a page at a time. Keys live under the vehicles' root, so the live event
 * `fahrzeug_buchung` (a check-out) refreshes them.
 */
export const fahrtenbuchKeys = {
  buch: (id: string, von: string, bis: string) =>
    [...QUERY_ROOTS.fahrzeuge, 'fahrtenbuch', id, von, bis] as const,
  alleBuecher: (id: string) => [...QUERY_ROOTS.fahrzeuge, 'fahrtenbuch', id] as const,
  historie: (id: string) => [...QUERY_ROOTS.fahrzeuge, 'historie', id] as const,
  schaeden: (id: string) => [...QUERY_ROOTS.fahrzeuge, 'schaeden', id] as const,
};

const zeitraumQuery = (von: string, bis: string) => new URLSearchParams({ von, bis }).toString();

export const useFahrtenbuch = (fahrzeugId: string, von: string, bis: string) =>
  useQuery({
    queryKey: fahrtenbuchKeys.buch(fahrzeugId, von, bis),
    queryFn: async () =>
      ZFahrtenbuch.parse(
        await apiFetch(`/api/fahrzeuge/${fahrzeugId}/fahrtenbuch?${zeitraumQuery(von, bis)}`),
      ),
  });

const HISTORIE_SEITE = 50;

export const useFahrzeugHistorie = (fahrzeugId: string) =>
  useInfiniteQuery({
    queryKey: fahrtenbuchKeys.historie(fahrzeugId),
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam }) => {
      const query = new URLSearchParams({ anzahl: String(HISTORIE_SEITE) });
      if (pageParam) query.set('vor', pageParam);
      return ZFahrzeugHistorie.parse(
        await apiFetch(`/api/fahrzeuge/${fahrzeugId}/historie?${query.toString()}`),
      );
    },
    getNextPageParam: (last) => (last.weitere ? (last.eintraege.at(-1)?.zeitpunkt ?? null) : null),
  });

const useInvalidateBuch = (fahrzeugId: string) => {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: fahrtenbuchKeys.alleBuecher(fahrzeugId) });
};

/** A new version of an entry: an addition, or a correction with its reason. */
export const useNeueFassung = (fahrzeugId: string) => {
  const invalidate = useInvalidateBuch(fahrzeugId);
  return useMutation({
    mutationFn: async ({ eintragId, eingabe }: { eintragId: string; eingabe: TFassungEingabe }) =>
      ZFahrtenbuchFassung.parse(
        await apiFetch(`/api/fahrtenbuch/${eintragId}/fassungen`, { method: 'POST', body: eingabe }),
      ),
    onSuccess: invalidate,
  });
};

/** A trip recorded by hand (fleet managers). */
export const useHandEintrag = (fahrzeugId: string) => {
  const invalidate = useInvalidateBuch(fahrzeugId);
  return useMutation({
    mutationFn: async (eingabe: THandEintragEingabe) =>
      ZFahrtenbuchFassung.parse(
        await apiFetch(`/api/fahrzeuge/${fahrzeugId}/fahrtenbuch`, { method: 'POST', body: eingabe }),
      ),
    onSuccess: invalidate,
  });
};

export const usePruefeKette = (fahrzeugId: string) =>
  useMutation({
    mutationFn: async () =>
      ZKettenPruefung.parse(
        await apiFetch(`/api/fahrzeuge/${fahrzeugId}/fahrtenbuch/pruefung`, { method: 'POST' }),
      ),
  });

/**
 * Downloads an export, reporting the bytes received so far (the file streams; its size is not known ahead).
 * A refusal answers JSON and becomes an `ApiError`.
 */
export const ladeExport = async ({
  fahrzeugId,
  format,
  von,
  bis,
  onFortschritt,
  signal,
}: {
  fahrzeugId: string;
  format: 'xlsx' | 'pdf';
  von: string;
  bis: string;
  onFortschritt: (bytes: number) => void;
  signal?: AbortSignal;
}): Promise<{ blob: Blob; dateiname: string }> => {
  const response = await fetch(
    `/api/fahrzeuge/${fahrzeugId}/fahrtenbuch/export.${format}?${zeitraumQuery(von, bis)}`,
    { credentials: 'same-origin', signal },
  );
  if (!response.ok) {
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON: the status text stands
    }
    throw toApiError(response.status, body, response.statusText || `HTTP ${response.status}`);
  }
  const teile: Uint8Array[] = [];
  let bytes = 0;
  const reader = response.body?.getReader();
  if (reader)
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      teile.push(value);
      bytes += value.byteLength;
      onFortschritt(bytes);
    }
  const disposition = response.headers.get('content-disposition') ?? '';
  const dateiname = /filename="([^"]+)"/.exec(disposition)?.[1] ?? `Fahrtenbuch.${format}`;
  return {
    blob: new Blob(teile as BlobPart[], { type: response.headers.get('content-type') ?? undefined }),
    dateiname,
  };
};

/** The vehicle's open damages, for the fleet managers (decision 075). */
export const useOffeneSchaeden = (fahrzeugId: string, enabled: boolean) =>
  useQuery({
    queryKey: fahrtenbuchKeys.schaeden(fahrzeugId),
    queryFn: async () =>
      ZOffenerSchaden.array().parse(await apiFetch(`/api/fahrzeuge/${fahrzeugId}/schaeden`)),
    enabled,
  });

/** Marks a damage repaired: it leaves the list and the check-in dialog. */
export const useSchadenBehoben = (fahrzeugId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (schadenId: string) =>
      apiFetch(`/api/fahrzeuge/${fahrzeugId}/schaeden/${schadenId}/behoben`, { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: fahrtenbuchKeys.schaeden(fahrzeugId) }),
  });
};
