import { ZImpressum } from '@stellwerk/domain/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api-client';

export const impressumQueryOptions = queryOptions({
  queryKey: ['impressum'] as const,
  queryFn: async () => ZImpressum.parse(await apiFetch('/api/impressum')),
  staleTime: 5 * 60_000,
});

export const useImpressum = () => useQuery(impressumQueryOptions);
