import {
  type TFuehrerscheinListeQuery,
  ZFahrverbotBuchungen,
  ZFuehrerscheinGespeichert,
  ZFuehrerscheinListe,
  ZFuehrerscheinZeile,
} from '@stellwerk/domain/fahrzeuge/fuehrerschein/api';
import type {
  TFahrverbotEingabe,
  TFuehrerscheinEingabe,
  TFuehrerscheinPruefungEingabe,
} from '@stellwerk/domain/fahrzeuge/fuehrerschein/schemas';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api-client';
import { QUERY_ROOTS } from '../../../../lib/query-roots';

/** Under the root the live events refresh (`fuehrerschein`); the menu's count lives under it too. */
export const fuehrerscheinKeys = {
  all: QUERY_ROOTS.fuehrerscheine,
  liste: (query: TFuehrerscheinListeQuery) => [...QUERY_ROOTS.fuehrerscheine, 'liste', query] as const,
};

export const fuehrerscheineQueryOptions = (query: TFuehrerscheinListeQuery) =>
  queryOptions({
    queryKey: fuehrerscheinKeys.liste(query),
    queryFn: async () => {
      const params = new URLSearchParams();
      if (query.suche) params.set('suche', query.suche);
      if (query.stand !== 'alle') params.set('stand', query.stand);
      const qs = params.toString();
      return ZFuehrerscheinListe.parse(await apiFetch(`/api/fuehrerscheine${qs ? `?${qs}` : ''}`));
    },
    placeholderData: keepPreviousData,
  });

export const useFuehrerscheine = (query: TFuehrerscheinListeQuery) =>
  useQuery(fuehrerscheineQueryOptions(query));

const useInvalidate = () => {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: fuehrerscheinKeys.all });
};

/** Saves the licence record; a driving ban cancels the trips it covers (answered in `storniert`). */
export const useSaveFuehrerschein = () => {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async ({ benutzerId, input }: { benutzerId: string; input: TFuehrerscheinEingabe }) =>
      ZFuehrerscheinGespeichert.parse(
        await apiFetch(`/api/fuehrerscheine/${benutzerId}`, { method: 'PUT', body: input }),
      ),
    onSuccess: invalidate,
  });
};

/** Records a check by the current user today. */
export const useRecordPruefung = () => {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async ({ benutzerId, input }: { benutzerId: string; input: TFuehrerscheinPruefungEingabe }) =>
      ZFuehrerscheinZeile.parse(
        await apiFetch(`/api/fuehrerscheine/${benutzerId}/pruefung`, { method: 'POST', body: input }),
      ),
    onSuccess: invalidate,
  });
};

/** The trips a driving ban would cancel (changes nothing). */
export const useFahrverbotVorschau = () =>
  useMutation({
    mutationFn: async ({ benutzerId, input }: { benutzerId: string; input: TFahrverbotEingabe }) =>
      ZFahrverbotBuchungen.parse(
        await apiFetch(`/api/fuehrerscheine/${benutzerId}/fahrverbot-vorschau`, {
          method: 'POST',
          body: input,
        }),
      ),
  });
