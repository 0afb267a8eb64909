import { ZAuswertung } from '@stellwerk/domain/verwaltung/auswertung/api';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
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
