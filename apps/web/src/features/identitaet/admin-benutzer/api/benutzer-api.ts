import {
  type TBenutzerDetail,
  type TBenutzerInput,
  ZBenutzerDetail,
  ZBenutzerList,
  ZBenutzerOptionen,
} from '@stellwerk/domain/identitaet/admin-benutzer.api';
import type { TLoeschbericht } from '@stellwerk/domain/verwaltung/datenschutz/api';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api-client';
import { QUERY_ROOTS } from '../../../../lib/query-roots';
import { type TBenutzerSearch, toBenutzerListParams } from '../hooks/benutzer-search';

export const benutzerKeys = {
  all: QUERY_ROOTS.benutzer,
  list: (search: TBenutzerSearch) => ['admin-benutzer', 'list', search] as const,
  detail: (id: string) => ['admin-benutzer', 'detail', id] as const,
  optionen: ['admin-benutzer', 'optionen'] as const,
};

export const benutzerListQueryOptions = (search: TBenutzerSearch) =>
  queryOptions({
    queryKey: benutzerKeys.list(search),
    queryFn: async ({ signal }) =>
      ZBenutzerList.parse(
        await apiFetch(`/api/admin/benutzer?${toBenutzerListParams(search).toString()}`, { signal }),
      ),
    placeholderData: keepPreviousData,
  });

export const useBenutzerList = (search: TBenutzerSearch) => useQuery(benutzerListQueryOptions(search));

export const useBenutzerDetail = (id: string | null) =>
  useQuery({
    queryKey: benutzerKeys.detail(id ?? ''),
    queryFn: async ({ signal }) =>
      ZBenutzerDetail.parse(await apiFetch(`/api/admin/benutzer/${id}`, { signal })),
    enabled: id !== null,
    staleTime: 0,
  });

export const useBenutzerOptionen = () =>
  useQuery({
    queryKey: benutzerKeys.optionen,
    queryFn: async ({ signal }) =>
      ZBenutzerOptionen.parse(await apiFetch('/api/admin/benutzer/optionen', { signal })),
  });

export const useSaveBenutzer = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, input }: { id: string | null; input: TBenutzerInput }) =>
      ZBenutzerDetail.parse(
        await apiFetch(id ? `/api/admin/benutzer/${id}` : '/api/admin/benutzer', {
          method: id ? 'PUT' : 'POST',
          body: input,
        }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: benutzerKeys.all }),
  });
};

export const useDeleteBenutzer = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch(`/api/admin/benutzer/${id}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: benutzerKeys.all }),
  });
};

/** The form's input of a stored user, unchanged except for `patch`. */
export const toBenutzerInput = (
  user: TBenutzerDetail,
  patch: Partial<TBenutzerInput> = {},
): TBenutzerInput => ({
  vorname: user.vorname,
  nachname: user.nachname,
  email: user.email,
  employeeId: user.employeeId,
  username: user.username,
  status: user.status === 'aktiv' ? 'aktiv' : 'inaktiv',
  rolleIds: user.rollen.map((r) => r.id),
  gruppeIds: user.gruppen.map((g) => g.id),
  permissions: user.permissions.filter((p) => p.wert === 'true'),
  ...patch,
});

/** Deactivate instead of delete (a user with bookings): the stored user with status 'inaktiv'. */
export const useDeactivateBenutzer = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      const user = ZBenutzerDetail.parse(await apiFetch(`/api/admin/benutzer/${id}`));
      return apiFetch(`/api/admin/benutzer/${id}`, {
        method: 'PUT',
        body: toBenutzerInput(user, { status: 'inaktiv' }),
      });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: benutzerKeys.all }),
  });
};

/** Erasing a user under the GDPR (decision 235): answers the report of what was deleted, anonymised and kept. */
export const useLoescheBenutzerDsgvo = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch<TLoeschbericht>(`/api/benutzer/${id}/loeschung`, { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: benutzerKeys.all }),
  });
};
