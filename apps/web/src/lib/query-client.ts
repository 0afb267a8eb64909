import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

/** Spec §9: one retry for reads on transient statuses; none for writes. */
const RETRYABLE = new Set([408, 409, 425, 429, 500, 502, 503, 504]);

const isUnauthenticated = (error: unknown) => error instanceof ApiError && error.status === 401;

/**
 * `onUnauthenticated` runs when any request answers 401 (the session ended while the page was open);
 * /api/me itself answers `null` instead and never gets here.
 */
export const createQueryClient = ({ onUnauthenticated }: { onUnauthenticated?: () => void } = {}) =>
  new QueryClient({
    queryCache: new QueryCache({
      onError: (error) => {
        if (isUnauthenticated(error)) onUnauthenticated?.();
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        // a failed sign-in or password check also answers 401; only other requests mean "session gone"
        const key = mutation.options.mutationKey?.[0];
        if (isUnauthenticated(error) && key !== 'auth') onUnauthenticated?.();
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: (failureCount, error) =>
          failureCount < 1 && (!(error instanceof ApiError) || RETRYABLE.has(error.status)),
      },
      mutations: { retry: false },
    },
  });
