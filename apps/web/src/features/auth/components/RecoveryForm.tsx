import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { useRequestPasswordReset } from '../api/password-reset';
import { authErrorText } from './auth-error-text';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function RecoveryForm() {
  const { t, i18n } = useTranslation();
  const request = useRequestPasswordReset();
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { email: '' },
    validate: { email: (value) => (EMAIL.test(value.trim()) ? null : t('validation.email')) },
  });

  if (request.isSuccess) {
    return (
      <Stack gap="md">
        <Alert color="green" role="status" title={t('auth.recovery.sentTitle')}>
          {t('auth.recovery.sent')}
        </Alert>
        <Anchor component={Link} to="/login" size="sm">
          {t('auth.backToLogin')}
        </Anchor>
      </Stack>
    );
  }

  const failure = request.error
    ? request.error instanceof ApiError && request.error.code === 'validation.failed'
      ? t('validation.email')
      : authErrorText(request.error, t, i18n.language, t('validation.email'))
    : null;

  return (
    <form noValidate onSubmit={form.onSubmit(({ email }) => request.mutate(email))}>
      <Stack gap="md">
        <Text size="sm">{t('auth.recovery.intro')}</Text>
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
        <TextInput
          label={t('auth.recovery.email')}
          type="email"
          autoComplete="email"
          required
          key={form.key('email')}
          {...form.getInputProps('email')}
        />
        <Button type="submit" loading={request.isPending} fullWidth>
          {t('auth.recovery.submit')}
        </Button>
        <Anchor component={Link} to="/login" size="sm" ta="center">
          {t('auth.backToLogin')}
        </Anchor>
      </Stack>
    </form>
  );
}
