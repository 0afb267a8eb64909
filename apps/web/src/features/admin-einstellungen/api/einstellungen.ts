import {
  type TEinstellung,
  type TGruppenEinstellungen,
  type TMandantEinstellungen,
  ZEinstellung,
  ZGruppenEinstellungen,
  ZMandantEinstellungen,
} from '@stellwerk/domain/admin-stammdaten.api';
import type { TCustomizingValue } from '@stellwerk/domain/api';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

export const einstellungenKeys = {
  all: ['admin', 'einstellungen'] as const,
  mandant: ['admin', 'einstellungen', 'mandant'] as const,
  gruppe: (id: string) => ['admin', 'einstellungen', 'gruppe', id] as const,
};

export const useMandantEinstellungen = () =>
  useQuery({
    queryKey: einstellungenKeys.mandant,
    queryFn: async () => ZMandantEinstellungen.parse(await apiFetch('/api/admin/einstellungen')),
  });

export const useGruppenEinstellungen = (gruppeId: string | null) =>
  useQuery({
    queryKey: einstellungenKeys.gruppe(gruppeId ?? ''),
    queryFn: async () =>
      ZGruppenEinstellungen.parse(await apiFetch(`/api/admin/gruppen/${gruppeId}/einstellungen`)),
    enabled: gruppeId !== null,
  });

const replaceOption = <T extends { optionen: TEinstellung[] }>(data: T | undefined, saved: TEinstellung) =>
  data && { ...data, optionen: data.optionen.map((o) => (o.name === saved.name ? saved : o)) };

/**
 * Set (or with null remove) an option at tenant level (gruppeId null) or for a group. The answer replaces
 * the option in the cache before the promise resolves, so the editor shows the saved state.
 */
export const useSetEinstellung = (gruppeId: string | null) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ name, value }: { name: string; value: TCustomizingValue | null }) =>
      ZEinstellung.parse(
        await apiFetch(
          gruppeId
            ? `/api/admin/gruppen/${gruppeId}/einstellungen/${encodeURIComponent(name)}`
            : `/api/admin/einstellungen/${encodeURIComponent(name)}`,
          { method: 'PUT', body: { value } },
        ),
      ),
    onSuccess: (saved) => {
      if (gruppeId)
        queryClient.setQueryData<TGruppenEinstellungen>(einstellungenKeys.gruppe(gruppeId), (d) =>
          replaceOption(d, saved),
        );
      else
        queryClient.setQueryData<TMandantEinstellungen>(einstellungenKeys.mandant, (d) =>
          replaceOption(d, saved),
        );
    },
  });
};
