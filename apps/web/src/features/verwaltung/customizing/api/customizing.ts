import type { TCustomizingValue } from '@stellwerk/domain/api';
import {
  type TCustomizingEintrag,
  type TGruppenCustomizing,
  type TMandantenCustomizing,
  type TProfilInput,
  ZCustomizingEintrag,
  ZEigenesCustomizing,
  ZGruppenCustomizing,
  ZMandantenCustomizing,
  ZProfil,
} from '@stellwerk/domain/verwaltung/admin-stammdaten.api';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api-client';
import { QUERY_ROOTS } from '../../../../lib/query-roots';

/**
 * Customizing (spec §3): the one API family `/api/customizing/{mandant, gruppen/:id, benutzer}` (decision
 * 032). GET lists a level's options with their values; PUT `…/:name` with `{ value }` sets one, null
 * removes it so the next level applies again.
 */
export const customizingKeys = {
  all: QUERY_ROOTS.customizing,
  mandant: [...QUERY_ROOTS.customizing, 'mandant'] as const,
  gruppe: (id: string) => [...QUERY_ROOTS.customizing, 'gruppe', id] as const,
  benutzer: [...QUERY_ROOTS.customizing, 'benutzer'] as const,
};

const optionPath = (level: string, name: string) => `/api/customizing/${level}/${encodeURIComponent(name)}`;

export const useMandantenCustomizing = () =>
  useQuery({
    queryKey: customizingKeys.mandant,
    queryFn: async () => ZMandantenCustomizing.parse(await apiFetch('/api/customizing/mandant')),
  });

export const useGruppenCustomizing = (gruppeId: string | null) =>
  useQuery({
    queryKey: customizingKeys.gruppe(gruppeId ?? ''),
    queryFn: async () => ZGruppenCustomizing.parse(await apiFetch(`/api/customizing/gruppen/${gruppeId}`)),
    enabled: gruppeId !== null,
  });

const replaceOption = <T extends { optionen: TCustomizingEintrag[] }>(
  data: T | undefined,
  saved: TCustomizingEintrag,
) => data && { ...data, optionen: data.optionen.map((o) => (o.name === saved.name ? saved : o)) };

/**
 * Set (or with null remove) an option at tenant level (gruppeId null) or for a group. The answer replaces
 * the option in the cache before the promise resolves, so the editor shows the saved state.
 */
export const useSetCustomizing = (gruppeId: string | null) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ name, value }: { name: string; value: TCustomizingValue | null }) =>
      ZCustomizingEintrag.parse(
        await apiFetch(gruppeId ? optionPath(`gruppen/${gruppeId}`, name) : optionPath('mandant', name), {
          method: 'PUT',
          body: { value },
        }),
      ),
    onSuccess: (saved) => {
      if (gruppeId)
        queryClient.setQueryData<TGruppenCustomizing>(customizingKeys.gruppe(gruppeId), (d) =>
          replaceOption(d, saved),
        );
      else
        queryClient.setQueryData<TMandantenCustomizing>(customizingKeys.mandant, (d) =>
          replaceOption(d, saved),
        );
    },
  });
};

export const useEigenesCustomizing = () =>
  useQuery({
    queryKey: customizingKeys.benutzer,
    queryFn: async () => ZEigenesCustomizing.parse(await apiFetch('/api/customizing/benutzer')),
  });

/** `PUT /api/customizing/benutzer/:name`: one of the user's own values (e.g. `Sprache`). */
export const setEigenesCustomizing = (name: string, value: unknown) =>
  apiFetch(optionPath('benutzer', name), { method: 'PUT', body: { value } });

/**
 * Set a personal value, or with null go back to the inherited one. The settings are read again before the
 * promise resolves, so the editor shows the new value and its source.
 */
export const useSetEigenesCustomizing = (onSaved?: () => void) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ name, value }: { name: string; value: unknown }) => setEigenesCustomizing(name, value),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: customizingKeys.benutzer, exact: true });
      onSaved?.();
    },
  });
};

/** Change the own first and last name (`PUT /api/me/profil`); /api/me is read again by `onSaved`. */
export const useSaveProfil = (onSaved: () => void) =>
  useMutation({
    mutationFn: async (input: TProfilInput) =>
      ZProfil.parse(await apiFetch('/api/me/profil', { method: 'PUT', body: input })),
    onSuccess: () => onSaved(),
  });
