import type { TCustomizingValue } from '@stellwerk/domain/api';
import {
  ZCustomizingEintrag,
  ZMandantenCustomizing,
} from '@stellwerk/domain/verwaltung/admin-stammdaten.api';
import { ZAuswertung, ZAuswertungEmpfaenger } from '@stellwerk/domain/verwaltung/auswertung/api';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api-client';
import type { TAuslastungSearch } from '../../../../lib/auslastung-search';

/** The API query of /admin/auswertung: period and location (decision 195). */
export const toAuswertungParams = (s: TAuslastungSearch): URLSearchParams => {
  const p = new URLSearchParams();
  p.set('art', s.art ?? 'monat');
  if (s.art === 'frei') {
    if (s.von) p.set('von', s.von);
    if (s.bis) p.set('bis', s.bis);
  } else if (s.tag) p.set('tag', s.tag);
  if (s.standort) p.set('standort', s.standort);
  return p;
};

export const useAuswertung = (search: TAuslastungSearch) => {
  const params = toAuswertungParams(search).toString();
  return useQuery({
    queryKey: ['auswertung', params],
    queryFn: async ({ signal }) => ZAuswertung.parse(await apiFetch(`/api/auswertung?${params}`, { signal })),
    placeholderData: keepPreviousData,
  });
};

/** The mailed evaluation's two tenant settings (decision 247), read and written through the settings API. */
const VERSAND_KEY = ['auswertung', 'versand'] as const;
export const useVersandEinstellungen = (enabled: boolean) =>
  useQuery({
    queryKey: VERSAND_KEY,
    queryFn: async () => {
      const alle = ZMandantenCustomizing.parse(await apiFetch('/api/customizing/mandant')).optionen;
      const option = (name: string) => alle.find((o) => o.name === name);
      const rhythmus = option('AuswertungMailRhythmus');
      const empfaenger = option('AuswertungMailEmpfaenger');
      return {
        rhythmus: String(rhythmus?.value ?? rhythmus?.default ?? 'aus'),
        empfaenger: ((empfaenger?.value ?? []) as string[]).map((a) => a.toLowerCase()),
      };
    },
    enabled,
  });

export const useSetVersand = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ rhythmus, empfaenger }: { rhythmus: string; empfaenger: string[] }) => {
      const setze = async (name: string, value: TCustomizingValue) =>
        ZCustomizingEintrag.parse(
          await apiFetch(`/api/customizing/mandant/${name}`, { method: 'PUT', body: { value } }),
        );
      await setze('AuswertungMailRhythmus', rhythmus);
      await setze('AuswertungMailEmpfaenger', empfaenger);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: VERSAND_KEY }),
  });
};

/** Whom the evaluation may be mailed to (the rhythm dialog offers only them). */
export const useEmpfaenger = (enabled: boolean) =>
  useQuery({
    queryKey: ['auswertung', 'empfaenger'],
    queryFn: async () => ZAuswertungEmpfaenger.parse(await apiFetch('/api/auswertung/empfaenger')),
    enabled,
  });
