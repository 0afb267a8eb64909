import type { TCustomizingValue } from '@stellwerk/domain/api';
import {
  type TEinstellung,
  type TGruppenEinstellungen,
  type TMandantEinstellungen,
  type TProfilInput,
  ZEigeneEinstellungen,
  ZEinstellung,
  ZGruppenEinstellungen,
  ZMandantEinstellungen,
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

export const useMandantEinstellungen = () =>
  useQuery({
    queryKey: customizingKeys.mandant,
    queryFn: async () => ZMandantEinstellungen.parse(await apiFetch('/api/customizing/mandant')),
  });

export const useGruppenEinstellungen = (gruppeId: string | null) =>
  useQuery({
    queryKey: customizingKeys.gruppe(gruppeId ?? ''),
    queryFn: async () => ZGruppenEinstellungen.parse(await apiFetch(`/api/customizing/gruppen/${gruppeId}`)),
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
        await apiFetch(gruppeId ? optionPath(`gruppen/${gruppeId}`, name) : optionPath('mandant', name), {
          method: 'PUT',
          body: { value },
        }),
      ),
    onSuccess: (saved) => {
      if (gruppeId)
        queryClient.setQueryData<TGruppenEinstellungen>(customizingKeys.gruppe(gruppeId), (d) =>
          replaceOption(d, saved),
        );
      else
        queryClient.setQueryData<TMandantEinstellungen>(customizingKeys.mandant, (d) =>
          replaceOption(d, saved),
        );
    },
  });
};

export const useEigeneEinstellungen = () =>
  useQuery({
    queryKey: customizingKeys.benutzer,
    queryFn: async () => ZEigeneEinstellungen.parse(await apiFetch('/api/customizing/benutzer')),
  });

/** `PUT /api/customizing/benutzer/:name`: one of the user's own values (e.g. `Sprache`). */
export const setEigeneEinstellung = (name: string, value: unknown) =>
  apiFetch(optionPath('benutzer', name), { method: 'PUT', body: { value } });

/**
 * Set a personal value, or with null go back to the inherited one. The settings are read again before the
 * promise resolves, so the editor shows the new value and its source.
 */
export const useSetEigeneEinstellung = (onSaved?: () => void) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ name, value }: { name: string; value: unknown }) => setEigeneEinstellung(name, value),
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
