import type { TFaktorenZurueckgesetzt } from '@stellwerk/domain/sicherheit/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { benutzerKeys } from './benutzer-api';

/** An administrator resets a user's second factors (lost phone); the user's sessions end (issue 11). */
export const useResetFaktoren = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch<TFaktorenZurueckgesetzt>(
        `/api/admin/benutzer/${encodeURIComponent(id)}/faktoren-zuruecksetzen`,
        {
          method: 'POST',
        },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: benutzerKeys.all }),
  });
};
