import { type TSsoKonfigurationInput, ZSsoKonfiguration } from '@stellwerk/domain/identitaet/sso/api';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api-client';

/** Single sign-on per tenant: the administrator's configuration of the tenant's provider. */
const ssoKey = ['admin', 'sso'] as const;

export const useSsoKonfiguration = () =>
  useQuery({
    queryKey: ssoKey,
    queryFn: async () => ZSsoKonfiguration.parse(await apiFetch('/api/admin/sso')),
  });

export const useSaveSsoKonfiguration = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: TSsoKonfigurationInput) =>
      ZSsoKonfiguration.parse(await apiFetch('/api/admin/sso', { method: 'PUT', body: input })),
    onSuccess: (data) => queryClient.setQueryData(ssoKey, data),
  });
};

export const useDeleteSsoKonfiguration = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch('/api/admin/sso', { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ssoKey }),
  });
};

/** The tenant's SAML SP metadata with its signing certificate, downloadable before a provider is saved (decision 122). */
export const SP_METADATEN_PFAD = '/api/admin/sso/saml-metadaten';

/** Replaces the tenant's SAML signing key (decision 122); a saved SAML provider signs with the new key at once. */
export const useErneuereSamlSchluessel = () =>
  useMutation({
    mutationFn: () => apiFetch<string>('/api/admin/sso/saml-schluessel', { method: 'POST' }),
  });
