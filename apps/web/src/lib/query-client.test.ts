import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { createQueryClient } from './query-client';

describe('createQueryClient', () => {
  it('reports a 401 from any query as an ended session', async () => {
    const onUnauthenticated = vi.fn();
    const client = createQueryClient({ onUnauthenticated });
    await client
      .fetchQuery({
        queryKey: ['x'],
        queryFn: () => Promise.reject(new ApiError(401, 'no session')),
        retry: false,
      })
      .catch(() => {});
    expect(onUnauthenticated).toHaveBeenCalledOnce();
  });

  it('does not treat a refused sign-in or password check as an ended session', async () => {
    const onUnauthenticated = vi.fn();
    const client = createQueryClient({ onUnauthenticated });
    const signIn = client.getMutationCache().build(client, {
      mutationKey: ['auth', 'sign-in'],
      mutationFn: () => Promise.reject(new ApiError(401, 'wrong password')),
    });
    await signIn.execute(undefined).catch(() => {});
    expect(onUnauthenticated).not.toHaveBeenCalled();
  });
});
