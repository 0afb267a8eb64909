import { type Bereich, ZLieblingsPlatz } from '@stellwerk/domain/leseraum/leseraum-buchung/api';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api-client';
import { leseraumKeys } from './leseraum-api';

/** The user's own place of an area (decision 138; assigned by administrators), or null. */
export const useEigenerPlatz = (bereich: Bereich) =>
  useQuery({
    queryKey: [...leseraumKeys.all, 'eigener-platz', bereich] as const,
    queryFn: async () =>
      ZLieblingsPlatz.nullable().parse(await apiFetch(`/api/leseraum-eigener-platz?bereich=${bereich}`)),
  });
