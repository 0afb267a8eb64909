import { ZFahrzeugAuslastung, ZLeseraumAuslastung } from '@stellwerk/domain/verwaltung/auslastung/api';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api-client';
import { type TAuslastungSearch, toAuslastungParams } from '../../../../lib/auslastung-search';

export const auslastungKeys = {
  leseraum: (params: string) => ['auslastung', 'leseraum', params] as const,
  fahrzeuge: (params: string) => ['auslastung', 'fahrzeuge', params] as const,
};

export const useLeseraumAuslastung = (search: TAuslastungSearch, enabled: boolean) => {
  const params = toAuslastungParams(search, 'plaetze').toString();
  return useQuery({
    queryKey: auslastungKeys.leseraum(params),
    queryFn: async ({ signal }) =>
      ZLeseraumAuslastung.parse(await apiFetch(`/api/auslastung/leseraum?${params}`, { signal })),
    placeholderData: keepPreviousData,
    enabled,
  });
};

export const useFahrzeugAuslastung = (search: TAuslastungSearch, enabled: boolean) => {
  const params = toAuslastungParams(search, 'fahrzeuge').toString();
  return useQuery({
    queryKey: auslastungKeys.fahrzeuge(params),
    queryFn: async ({ signal }) =>
      ZFahrzeugAuslastung.parse(await apiFetch(`/api/auslastung/fahrzeuge?${params}`, { signal })),
    placeholderData: keepPreviousData,
    enabled,
  });
};
