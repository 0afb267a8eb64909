import { type TMe, ZMe } from '@stellwerk/domain/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiFetch } from '../../../lib/api-client';

export const meKeys = { all: ['me'] as const };

/** `GET /api/me`; `null` means "not signed in" (401), every other failure is an error. */
export const fetchMe = async (): Promise<TMe | null> => {
  try {
    return ZMe.parse(await apiFetch('/api/me'));
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
};

export const meQueryOptions = () =>
  queryOptions({
    queryKey: meKeys.all,
    queryFn: fetchMe,
    staleTime: 60_000,
  });

export const useMe = () => useQuery(meQueryOptions());
