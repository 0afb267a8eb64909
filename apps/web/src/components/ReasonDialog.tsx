import { Textarea } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { ConfirmDialog } from './ConfirmDialog';

type ReasonDialogProps = {
  opened: boolean;
  title: string;
  /** What happens when confirmed, and who is told the reason. */
  message: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  /** The reason field: its label, the hint under it, and what it says when left empty. */
  label: string;
  description: string;
  missing: string;
  maxLength: number;
  /** Called with the trimmed reason; never with an empty one. */
  onConfirm: (reason: string) => void;
  onClose: () => void;
  loading?: boolean;
  /** The message of a failed attempt. */
  error?: string | null;
};

/**
 * A confirmation that needs a reason the other person is told (declining a trip or a hold, cancelling someone
 * else's booking): an empty reason is answered at its field, the reason is trimmed, and the field empties when the
 * dialog closes. Callers keep what is being decided and send it.
 */
export function ReasonDialog({
  opened,
  title,
  message,
  confirmLabel,
  cancelLabel,
  label,
  description,
  missing,
  maxLength,
  onConfirm,
  onClose,
  loading = false,
  error = null,
}: ReasonDialogProps) {
  const [reason, setReason] = useState('');
  const [empty, setEmpty] = useState(false);
  const close = () => {
    setReason('');
    setEmpty(false);
    onClose();
  };
  const confirm = () => {
    if (reason.trim() === '') {
      setEmpty(true);
      return;
    }
    onConfirm(reason.trim());
  };
  return (
    <ConfirmDialog
      opened={opened}
      title={title}
      message={message}
      confirmLabel={confirmLabel}
      cancelLabel={cancelLabel}
      onConfirm={confirm}
      onClose={close}
      loading={loading}
      error={error}
    >
      <Textarea
        label={label}
        description={description}
        withAsterisk
        autosize
        minRows={2}
        maxLength={maxLength}
        value={reason}
        error={empty ? missing : undefined}
        onChange={(e) => {
          setReason(e.currentTarget.value);
          setEmpty(false);
        }}
        data-autofocus
      />
    </ConfirmDialog>
  );
}
