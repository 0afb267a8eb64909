import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

/** Spec §9: one retry for reads on transient statuses; none for writes. */
const RETRYABLE = new Set([408, 409, 425, 429, 500, 502, 503, 504]);

export const createQueryClient = () =>
  new QueryClient({
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
