import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

/** `PUT /api/me/settings/:name`: a user-level customizing value. */
export const updateUserSetting = (name: string, value: unknown) =>
  apiFetch(`/api/me/settings/${encodeURIComponent(name)}`, { method: 'PUT', body: { value } });

export const useUpdateUserSetting = (onSaved?: () => void) =>
  useMutation({
    mutationFn: ({ name, value }: { name: string; value: unknown }) => updateUserSetting(name, value),
    onSuccess: () => onSaved?.(),
  });
