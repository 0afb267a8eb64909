import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api-client';

/**
 * Asks for a reset link with the solved security check (decision 076); the answer is the same whether the
 * address exists or not.
 */
export const useRequestPasswordReset = () =>
  useMutation({
    mutationKey: ['auth', 'request-password-reset'],
    mutationFn: ({ email, captcha }: { email: string; captcha: string }) =>
      apiFetch('/api/auth/request-password-reset', {
        method: 'POST',
        body: { email: email.trim(), redirectTo: '/auth/recovery', captcha },
      }),
  });

export const useResetPassword = () =>
  useMutation({
    mutationKey: ['auth', 'reset-password'],
    mutationFn: ({ token, newPassword }: { token: string; newPassword: string }) =>
      apiFetch('/api/auth/reset-password', { method: 'POST', body: { token, newPassword } }),
  });
