import { type TKioskEingecheckt, ZKioskEingecheckt } from '@stellwerk/domain/plattform/kiosk/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api-client';
import { QUERY_ROOTS } from '../../../../lib/query-roots';

/** Redeem a kiosk's check-in code: the own reservation at its location is checked in (decision 183). */
export const useEinchecken = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (code: string): Promise<TKioskEingecheckt> =>
      ZKioskEingecheckt.parse(await apiFetch('/api/kiosk/einchecken', { method: 'POST', body: { code } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: QUERY_ROOTS.leseraum }),
  });
};
