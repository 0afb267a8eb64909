import type { TMe } from '@stellwerk/domain/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiFetch } from '../../../../lib/api-client';
import { QUERY_ROOTS } from '../../../../lib/query-roots';

export const meKeys = { all: QUERY_ROOTS.me };

/**
 * A shallow shape check instead of `ZMe.parse`: the full zod schema would put zod and the settings
 * catalogue into the first page load (ARCHITECTURE §12 budget); the server validates its responses.
 */
const looksLikeMe = (body: unknown): body is TMe => {
  if (typeof body !== 'object' || body === null) return false;
  const me = body as Record<string, unknown>;
  return (
    ['user', 'mandant', 'rights', 'features', 'customizing'].every(
      (key) => typeof me[key] === 'object' && me[key] !== null,
    ) &&
    Array.isArray(me.permissions) &&
    Array.isArray(me.darf) &&
    typeof me.startPage === 'string'
  );
};

/** `GET /api/me`; `null` means "not signed in" (401), every other failure is an error. */
export const fetchMe = async (): Promise<TMe | null> => {
  try {
    const body = await apiFetch('/api/me');
    if (!looksLikeMe(body)) throw new ApiError(502, 'Unexpected /api/me response');
    return body;
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
