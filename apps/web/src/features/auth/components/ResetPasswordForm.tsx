import { Alert, Anchor, Button, PasswordInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { useResetPassword } from '../api/password-reset';
import { passwordProblemText } from './password-problem-text';
import { checkNewPassword, checkRepeat } from './password-validation';

type ResetPasswordFormProps = {
  /** The token from the mailed link; missing or refused by the server means the link is unusable. */
  token: string | undefined;
  linkError: string | undefined;
};

export function ResetPasswordForm({ token, linkError }: ResetPasswordFormProps) {
  const { t } = useTranslation();
  const reset = useResetPassword();
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
    (reset.error instanceof ApiError && reset.error.status >= 400 && reset.error.status < 500);

  if (reset.isSuccess) {
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
      onSubmit={form.onSubmit(({ newPassword }) => reset.mutate({ token: token ?? '', newPassword }))}
    >
      <Stack gap="md">
        {reset.error && (
          <Alert color="red" role="alert">
            {t('errors.server')}
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
        <Button type="submit" loading={reset.isPending} fullWidth>
          {t('auth.confirm.submit')}
        </Button>
      </Stack>
    </form>
  );
}
