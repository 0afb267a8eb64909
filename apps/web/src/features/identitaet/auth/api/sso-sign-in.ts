import { ZAnmeldeMethoden } from '@stellwerk/domain/identitaet/sso/api';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api-client';

/** How an address may sign in (single sign-on per tenant); nothing is asked until it is an address. */
export const useAnmeldeMethoden = (email: string | null) =>
  useQuery({
    queryKey: ['anmeldung', 'methoden', email],
    enabled: email !== null,
    staleTime: 60_000,
    queryFn: async () =>
      ZAnmeldeMethoden.parse(
        await apiFetch(`/api/anmeldung/methoden?email=${encodeURIComponent(email ?? '')}`),
      ),
  });
