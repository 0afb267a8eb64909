import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

type ConfirmDialogProps = {
  opened: boolean;
  title: string;
  /** What happens when confirmed, in plain words. */
  message: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
  onClose: () => void;
  loading?: boolean;
  /** A message of a failed attempt, shown above the buttons. */
  error?: string | null;
  /** Disables the confirm button (e.g. until a name is typed). */
  confirmDisabled?: boolean;
  color?: string;
  children?: ReactNode;
  /** Further actions next to the confirm button (e.g. "deactivate instead"). */
  extraActions?: ReactNode;
};

/** Asks before a destructive action and says what it does. */
export function ConfirmDialog({
  opened,
  title,
  message,
  confirmLabel,
  cancelLabel,
  onConfirm,
  onClose,
  loading = false,
  error = null,
  confirmDisabled = false,
  color = 'red',
  children,
  extraActions,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  const isPhone = useMediaQuery('(max-width: 36em)');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      centered={!isPhone}
      fullScreen={Boolean(isPhone)}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack gap="md">
        {typeof message === 'string' ? <Text size="sm">{message}</Text> : message}
        {children}
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={loading}>
            {cancelLabel}
          </Button>
          {extraActions}
          <Button color={color} onClick={onConfirm} loading={loading} disabled={confirmDisabled}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
