import {
  type TEigeneEinstellungen,
  type TProfilInput,
  ZEigeneEinstellungen,
  ZProfil,
} from '@stellwerk/domain/admin-stammdaten.api';
import type { TCustomizingValue } from '@stellwerk/domain/api';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

export const eigeneEinstellungenKeys = { all: ['me', 'einstellungen'] as const };

export const useEigeneEinstellungen = () =>
  useQuery({
    queryKey: eigeneEinstellungenKeys.all,
    queryFn: async () => ZEigeneEinstellungen.parse(await apiFetch('/api/me/einstellungen')),
  });

/** Change the own first and last name. */
export const useSaveProfil = (onSaved: () => void) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: TProfilInput) =>
      ZProfil.parse(await apiFetch('/api/me/profil', { method: 'PUT', body: input })),
    onSuccess: (profil) => {
      queryClient.setQueryData<TEigeneEinstellungen>(
        eigeneEinstellungenKeys.all,
        (d) => d && { ...d, profil },
      );
      onSaved();
    },
  });
};

/**
 * Set a personal value (`PUT /api/me/settings/:name`), or with null go back to the inherited one. The
 * settings are read again before the promise resolves, so the editor shows the new value and its source.
 */
export const useSetEigeneEinstellung = (onSaved: () => void) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ name, value }: { name: string; value: TCustomizingValue | null }) =>
      apiFetch(`/api/me/settings/${encodeURIComponent(name)}`, { method: 'PUT', body: { value } }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: eigeneEinstellungenKeys.all, exact: true });
      onSaved();
    },
  });
};
