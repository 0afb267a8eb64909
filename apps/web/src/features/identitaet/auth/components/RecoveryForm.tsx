import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../../lib/api-client';
import { useRequestPasswordReset } from '../api/password-reset';
import { authErrorText } from './auth-error-text';
import { Sicherheitspruefung } from './Sicherheitspruefung';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function RecoveryForm() {
  const { t, i18n } = useTranslation();
  const request = useRequestPasswordReset();
  const [captcha, setCaptcha] = useState<string | null>(null);
  const [runde, setRunde] = useState(0);
  /** The address sent while the security check was still running: sent as soon as it is solved. */
  const [wartet, setWartet] = useState<string | null>(null);
  const sende = (email: string, geloest: string) => {
    setWartet(null);
    setCaptcha(null);
    // a payload counts once: whatever the answer, the next attempt needs a new one
    request.mutate({ email, captcha: geloest }, { onSettled: () => setRunde((r) => r + 1) });
  };
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
    <form
      noValidate
      onSubmit={form.onSubmit(({ email }) => (captcha ? sende(email, captcha) : setWartet(email)))}
    >
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
        <Sicherheitspruefung
          runde={runde}
          onLoesung={(payload) => {
            if (payload && wartet !== null) sende(wartet, payload);
            else setCaptcha(payload);
          }}
        />
        {wartet !== null && (
          <Text size="sm" role="status">
            {t('auth.captcha.waitAlert')}
          </Text>
        )}
        <Button type="submit" loading={request.isPending || wartet !== null} fullWidth>
          {t('auth.recovery.submit')}
        </Button>
        <Anchor component={Link} to="/login" size="sm" ta="center">
          {t('auth.backToLogin')}
        </Anchor>
      </Stack>
    </form>
  );
}
