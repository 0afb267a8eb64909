import { PasswordInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../../components/ConfirmDialog';
import { errorMessage } from '../../../../lib/error-message';

type PasswordDialogProps = {
  opened: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  color?: string;
  loading: boolean;
  error: unknown;
  onConfirm: (password: string) => void;
  onClose: () => void;
};

/** Asks for the password before a change of the second factor (better-auth checks it). */
export function PasswordDialog({
  opened,
  title,
  message,
  confirmLabel,
  color,
  loading,
  error,
  onConfirm,
  onClose,
}: PasswordDialogProps) {
  const { t, i18n } = useTranslation();
  const [password, setPassword] = useState('');
  const close = () => {
    setPassword('');
    onClose();
  };
  return (
    <ConfirmDialog
      opened={opened}
      title={title}
      message={message}
      confirmLabel={confirmLabel}
      cancelLabel={t('sicherheit.abbrechen')}
      color={color}
      loading={loading}
      error={error ? errorMessage(error, t, i18n.language) : null}
      confirmDisabled={!password}
      onConfirm={() => onConfirm(password)}
      onClose={close}
    >
      <PasswordInput
        label={t('sicherheit.passwort')}
        autoComplete="current-password"
        visibilityToggleButtonProps={{ 'aria-label': t('auth.togglePasswordVisibility') }}
        value={password}
        onChange={(event) => setPassword(event.currentTarget.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && password) onConfirm(password);
        }}
        data-autofocus
        required
      />
    </ConfirmDialog>
  );
}
