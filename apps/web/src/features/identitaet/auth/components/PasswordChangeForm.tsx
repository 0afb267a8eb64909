import { Alert, Button, PasswordInput, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { MissingFieldsAlert } from '../../../../components/MissingFieldsAlert';
import { useChangePassword } from '../api/change-password';
import { authErrorText } from './auth-error-text';
import { passwordProblemText } from './password-problem-text';
import { checkNewPassword, checkRepeat, PASSWORD_MIN_LENGTH } from './password-validation';

export function PasswordChangeForm() {
  const { t, i18n } = useTranslation();
  const change = useChangePassword();
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { currentPassword: '', newPassword: '', repeat: '' },
    validate: {
      currentPassword: (value) => (value ? null : t('validation.required')),
      newPassword: (value, values) =>
        passwordProblemText(
          checkNewPassword(value) ?? (value === values.currentPassword ? 'sameAsCurrent' : null),
          t,
        ),
      repeat: (value, values) => passwordProblemText(checkRepeat(value, values.newPassword), t),
    },
  });

  const failure = change.error
    ? authErrorText(change.error, t, i18n.language, t('auth.password.currentWrong'))
    : null;

  return (
    <form
      noValidate
      onSubmit={form.onSubmit(async ({ currentPassword, newPassword }) => {
        try {
          await change.mutateAsync({ currentPassword, newPassword });
          form.reset();
        } catch {
          // shown below
        }
      })}
    >
      <Stack gap="md" maw={420}>
        <MissingFieldsAlert errors={form.errors} />
        <Text size="sm" c="dimmed">
          {t('auth.password.hint', { min: PASSWORD_MIN_LENGTH })}
        </Text>
        {change.isSuccess && (
          <Alert color="green" role="status" title={t('auth.password.changedTitle')}>
            {t('auth.password.changed')}
          </Alert>
        )}
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
        <PasswordInput
          visibilityToggleButtonProps={{ 'aria-label': t('auth.togglePasswordVisibility') }}
          label={t('auth.password.current')}
          autoComplete="current-password"
          required
          key={form.key('currentPassword')}
          {...form.getInputProps('currentPassword')}
        />
        <PasswordInput
          visibilityToggleButtonProps={{ 'aria-label': t('auth.togglePasswordVisibility') }}
          label={t('auth.password.new')}
          autoComplete="new-password"
          required
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
        <Button type="submit" loading={change.isPending} w="fit-content">
          {t('auth.password.submit')}
        </Button>
      </Stack>
    </form>
  );
}
