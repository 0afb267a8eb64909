import {
  type TMandantAdministratorInput,
  type TMandantFeaturesInput,
  type TMandantInput,
  type TProtokollQuery,
  ZMandant,
  ZMandantAdministrator,
  ZMandantList,
  ZProtokollPage,
} from '@stellwerk/domain/verwaltung/admin-stammdaten.api';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api-client';
import { QUERY_ROOTS } from '../../../../lib/query-roots';

export const mandantenKeys = {
  all: QUERY_ROOTS.mandanten,
  list: ['admin-mandanten', 'list'] as const,
  protokoll: (query: Partial<TProtokollQuery>) => ['admin-mandanten', 'protokoll', query] as const,
};

export const useMandanten = () =>
  useQuery({
    queryKey: mandantenKeys.list,
    queryFn: async ({ signal }) => ZMandantList.parse(await apiFetch('/api/admin/mandanten', { signal })),
  });

export const useSaveMandant = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, input }: { id: string | null; input: TMandantInput }) =>
      ZMandant.parse(
        await apiFetch(id ? `/api/admin/mandanten/${id}` : '/api/admin/mandanten', {
          method: id ? 'PUT' : 'POST',
          body: input,
        }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mandantenKeys.all }),
  });
};

export const useSaveMandantFeatures = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, features }: { id: string; features: TMandantFeaturesInput }) =>
      ZMandant.parse(
        await apiFetch(`/api/admin/mandanten/${id}/features`, { method: 'PUT', body: features }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mandantenKeys.all }),
  });
};

export const useDeleteMandant = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, confirmName }: { id: string; confirmName: string }) =>
      apiFetch(`/api/admin/mandanten/${id}`, { method: 'DELETE', body: { confirmName } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mandantenKeys.all }),
  });
};

export const PROTOKOLL_PAGE_SIZE = 20;

/** The platform audit (tenant management), newest first. */
export const usePlattformProtokoll = (page: number) =>
  useQuery({
    queryKey: mandantenKeys.protokoll({ offset: (page - 1) * PROTOKOLL_PAGE_SIZE }),
    queryFn: async ({ signal }) =>
      ZProtokollPage.parse(
        await apiFetch(
          `/api/admin/mandanten/protokoll?limit=${PROTOKOLL_PAGE_SIZE}&offset=${(page - 1) * PROTOKOLL_PAGE_SIZE}`,
          { signal },
        ),
      ),
    placeholderData: keepPreviousData,
  });

/** Gives a tenant an administrator (role "Administration", login, invitation mail). */
export const useCreateMandantAdministrator = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, input }: { id: string; input: TMandantAdministratorInput }) =>
      ZMandantAdministrator.parse(
        await apiFetch(`/api/admin/mandanten/${id}/administratoren`, { method: 'POST', body: input }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mandantenKeys.all }),
  });
};
