import {
  type Bereich,
  type TLeseraumBuchungInput,
  ZBelegung,
  ZGrundrissKurz,
  ZLeseraumBuchung,
  ZLeseraumBuchungList,
  ZLieblingsPlaetze,
} from '@stellwerk/domain/leseraum/leseraum-buchung/api';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiFetch } from '../../../../lib/api-client';
import { QUERY_ROOTS } from '../../../../lib/query-roots';
import type { PlatzAuswahl } from '../hooks/platz-suche';

/** Query keys of the seat-planning area; every booking change invalidates `all`. */
export const leseraumKeys = {
  all: QUERY_ROOTS.leseraum,
  grundrisse: (bereich: Bereich) => [...QUERY_ROOTS.leseraum, 'grundrisse', bereich] as const,
  belegung: (
    grundrissId: string,
    auswahl: Pick<PlatzAuswahl, 'tag' | 'modus' | 'tageszeit' | 'von' | 'bis'>,
  ) => [...QUERY_ROOTS.leseraum, 'belegung', grundrissId, auswahl] as const,
  eigene: (bereich: Bereich) => [...QUERY_ROOTS.leseraum, 'eigene', bereich] as const,
};

export const useGrundrisse = (bereich: Bereich) =>
  useQuery({
    queryKey: leseraumKeys.grundrisse(bereich),
    queryFn: async () => z.array(ZGrundrissKurz).parse(await apiFetch(`/api/grundrisse?bereich=${bereich}`)),
  });

export const belegungPath = (
  grundrissId: string,
  a: Pick<PlatzAuswahl, 'tag' | 'modus' | 'tageszeit' | 'von' | 'bis'>,
) => {
  const query = new URLSearchParams({ tag: a.tag, modus: a.modus, tageszeit: a.tageszeit });
  if (a.modus === 'stuendlich') {
    query.set('von', a.von);
    query.set('bis', a.bis);
  }
  return `/api/grundrisse/${grundrissId}/belegung?${query.toString()}`;
};

/** A plan's places with their states for the chosen period; the previous day stays visible while loading. */
export const useBelegung = (grundrissId: string | undefined, auswahl: PlatzAuswahl) => {
  const { tag, modus, tageszeit, von, bis } = auswahl;
  const key = { tag, modus, tageszeit, von, bis };
  return useQuery({
    queryKey: leseraumKeys.belegung(grundrissId ?? '', key),
    queryFn: async () => ZBelegung.parse(await apiFetch(belegungPath(grundrissId!, key))),
    enabled: grundrissId !== undefined,
    placeholderData: keepPreviousData,
  });
};

export const useEigeneBuchungen = (bereich: Bereich) =>
  useQuery({
    queryKey: leseraumKeys.eigene(bereich),
    queryFn: async () =>
      ZLeseraumBuchungList.parse(await apiFetch(`/api/leseraum-buchungen?bereich=${bereich}`)),
  });

const useInvalidateAll = () => {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: leseraumKeys.all });
};

export const useCreateBuchung = () => {
  const invalidate = useInvalidateAll();
  return useMutation({
    mutationFn: async (input: TLeseraumBuchungInput) =>
      ZLeseraumBuchung.parse(await apiFetch('/api/leseraum-buchungen', { method: 'POST', body: input })),
    onSuccess: invalidate,
  });
};

export type BuchungsSchritt = 'bestaetigen' | 'storno' | 'check-in';

/** Confirm, cancel or check in (spec §4 steps), each its own call. */
export const useBuchungsSchritt = () => {
  const invalidate = useInvalidateAll();
  return useMutation({
    mutationFn: async ({ id, schritt }: { id: string; schritt: BuchungsSchritt }) =>
      ZLeseraumBuchung.parse(await apiFetch(`/api/leseraum-buchungen/${id}/${schritt}`, { method: 'POST' })),
    onSuccess: invalidate,
  });
};

/** The user's favourite places of an area (LeseraumLieblingsPlatz, resolved by the server). */
export const useLieblingsPlaetze = (bereich: Bereich) =>
  useQuery({
    queryKey: [...leseraumKeys.all, 'lieblinge', bereich] as const,
    queryFn: async () =>
      ZLieblingsPlaetze.parse(await apiFetch(`/api/leseraum-lieblingsplaetze?bereich=${bereich}`)),
  });

/**
 * Writes one of the user's favourites (decision 052) through the customizing API at user level:
 * `LeseraumLieblingsPlatz` (a list of place ids) or `LeseraumLieblingsGrundriss` (a plan id, '' for none).
 * /api/me (which carries the effective values) and the favourites list are refreshed.
 */
export const useSetLiebling = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (
      change:
        | { name: 'LeseraumLieblingsPlatz'; value: string[] }
        | { name: 'LeseraumLieblingsGrundriss'; value: string },
    ) =>
      apiFetch(`/api/customizing/benutzer/${change.name}`, { method: 'PUT', body: { value: change.value } }),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: QUERY_ROOTS.me }),
        queryClient.invalidateQueries({ queryKey: [...leseraumKeys.all, 'lieblinge'] }),
      ]);
    },
  });
};
