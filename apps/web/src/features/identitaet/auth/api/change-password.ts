import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api-client';

export type ChangePasswordInput = { currentPassword: string; newPassword: string };

export const useChangePassword = () =>
  useMutation({
    mutationKey: ['auth', 'change-password'],
    mutationFn: ({ currentPassword, newPassword }: ChangePasswordInput) =>
      apiFetch('/api/auth/change-password', {
        method: 'POST',
        body: { currentPassword, newPassword, revokeOtherSessions: true },
      }),
  });
