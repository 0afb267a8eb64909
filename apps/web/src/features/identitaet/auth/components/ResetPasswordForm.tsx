import { Alert, Anchor, Button, PasswordInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MissingFieldsAlert } from '../../../../components/MissingFieldsAlert';
import { ApiError } from '../../../../lib/api-client';
import { useResetPassword } from '../api/password-reset';
import { authErrorText } from './auth-error-text';
import { passwordProblemText } from './password-problem-text';
import { checkNewPassword, checkRepeat } from './password-validation';

type ResetPasswordFormProps = {
  /** The token from the mailed link; missing or refused by the server means the link is unusable. */
  token: string | undefined;
  linkError: string | undefined;
  /**
   * Called after the new password is set; the server has signed the user in with it. Resolves to false when
   * no session came of it (then the form offers the login).
   */
  onDone: () => Promise<boolean>;
};

export function ResetPasswordForm({ token, linkError, onDone }: ResetPasswordFormProps) {
  const { t, i18n } = useTranslation();
  const reset = useResetPassword();
  const [signingIn, setSigningIn] = useState(false);
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { newPassword: '', repeat: '' },
    validate: {
      newPassword: (value) => passwordProblemText(checkNewPassword(value), t),
      repeat: (value, values) => passwordProblemText(checkRepeat(value, values.newPassword), t),
    },
  });

  const invalidLink =
    !token ||
    Boolean(linkError) ||
    // the server's `auth.link_invalid`, or a refusal without a code: the link cannot be used
    (reset.error instanceof ApiError &&
      reset.error.status >= 400 &&
      reset.error.status < 500 &&
      (reset.error.code === 'auth.link_invalid' || !reset.error.code));

  if (reset.isSuccess && !signingIn) {
    return (
      <Stack gap="md">
        <Alert color="green" role="status" title={t('auth.confirm.doneTitle')}>
          {t('auth.confirm.done')}
        </Alert>
        <Button component={Link} to="/login" w="fit-content">
          {t('auth.login.submit')}
        </Button>
      </Stack>
    );
  }

  // a deactivated user's link sets no password: say so, and nothing about signing in now
  if (reset.error instanceof ApiError && reset.error.code === 'auth.konto_deaktiviert') {
    return (
      <Alert color="red" role="alert" title={t('auth.confirm.deactivatedTitle')}>
        {authErrorText(reset.error, t, i18n.language, t('errors.server'))}
      </Alert>
    );
  }

  if (invalidLink) {
    return (
      <Stack gap="md">
        <Alert color="red" role="alert" title={t('auth.confirm.invalidTitle')}>
          {t('auth.confirm.invalid')}
        </Alert>
        <Anchor component={Link} to="/auth/recovery" size="sm">
          {t('auth.confirm.requestNew')}
        </Anchor>
      </Stack>
    );
  }

  return (
    <form
      noValidate
      onSubmit={form.onSubmit(async ({ newPassword }) => {
        try {
          await reset.mutateAsync({ token: token ?? '', newPassword });
        } catch {
          return;
        }
        setSigningIn(true);
        if (!(await onDone())) setSigningIn(false);
      })}
    >
      <Stack gap="md">
        <MissingFieldsAlert errors={form.errors} />
        {reset.error && (
          <Alert color="red" role="alert">
            {authErrorText(reset.error, t, i18n.language, t('errors.server'))}
          </Alert>
        )}
        <PasswordInput
          visibilityToggleButtonProps={{ 'aria-label': t('auth.togglePasswordVisibility') }}
          label={t('auth.password.new')}
          autoComplete="new-password"
          required
          autoFocus
          key={form.key('newPassword')}
          {...form.getInputProps('newPassword')}
        />
        <PasswordInput
          visibilityToggleButtonProps={{ 'aria-label': t('auth.togglePasswordVisibility') }}
          label={t('auth.password.repeat')}
          autoComplete="new-password"
          required
          key={form.key('repeat')}
          {...form.getInputProps('repeat')}
        />
        <Button type="submit" loading={reset.isPending || signingIn} fullWidth>
          {t('auth.confirm.submit')}
        </Button>
      </Stack>
    </form>
  );
}
