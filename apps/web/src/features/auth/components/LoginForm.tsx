import { Alert, Anchor, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { formatError, isErrorCode } from '@stellwerk/domain/errors';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { useSignIn } from '../api/sign-in';

type LoginFormProps = {
  /** Called after the session cookie is set; the caller decides where to go. */
  onSignedIn: () => Promise<void> | void;
};

export function LoginForm({ onSignedIn }: LoginFormProps) {
  const { t, i18n } = useTranslation();
  const signIn = useSignIn();
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { login: '', password: '' },
    validate: {
      login: (value) => (value.trim() ? null : t('validation.required')),
      password: (value) => (value ? null : t('validation.required')),
    },
  });

  const failure = (() => {
    const error = signIn.error;
    if (!error) return null;
    // the server answers with catalogue codes (auth.invalid_credentials, auth.rate_limited)
    if (error instanceof ApiError && error.code && isErrorCode(error.code)) {
      return formatError(error.code, i18n.language === 'en' ? 'en' : 'de', error.params);
    }
    if (error instanceof ApiError && error.status === 429) return t('auth.login.rateLimited');
    if (error instanceof ApiError && (error.status === 401 || error.status === 400 || error.status === 403)) {
      return t('auth.login.invalid');
    }
    if (error instanceof ApiError) return t('errors.server');
    return t('errors.network');
  })();

  return (
    <form
      noValidate
      onSubmit={form.onSubmit(async (values) => {
        try {
          await signIn.mutateAsync(values);
        } catch {
          form.setFieldValue('password', '');
          return;
        }
        await onSignedIn();
      })}
    >
      <Stack gap="md">
        {failure && (
          <Alert color="red" role="alert" title={t('auth.login.failedTitle')}>
            {failure}
          </Alert>
        )}
        <TextInput
          label={t('auth.login.username')}
          autoComplete="username"
          required
          autoFocus
          key={form.key('login')}
          {...form.getInputProps('login')}
        />
        <PasswordInput
          visibilityToggleButtonProps={{ 'aria-label': t('auth.togglePasswordVisibility') }}
          label={t('auth.login.password')}
          autoComplete="current-password"
          required
          key={form.key('password')}
          {...form.getInputProps('password')}
        />
        <Button type="submit" loading={signIn.isPending} fullWidth>
          {t('auth.login.submit')}
        </Button>
        <Anchor component={Link} to="/auth/recovery" size="sm" ta="center">
          {t('auth.login.forgotPassword')}
        </Anchor>
      </Stack>
    </form>
  );
}
