import { notifications } from '@mantine/notifications';
import type { TUsage } from '@stellwerk/domain/identitaet/admin-benutzer.api';
import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../lib/error-message';
import { ConfirmDialog } from './ConfirmDialog';
import type { NamedItem } from './NamedItemsAdmin';

/** The dialog's texts, translated by the feature (translation keys stay literal there). */
export type DeleteWithUsageTexts = {
  title: string;
  confirm: string;
  cancel: string;
  /** Shown while the users are counted. */
  counting: string;
  message: (name: string, count: number) => string;
  done: (name: string) => string;
};

type DeleteWithUsageDialogProps = {
  /** What is to be deleted; `null`: the dialog is closed. */
  item: NamedItem | null;
  onClose: () => void;
  /** How many users hold the item, asked for when the dialog opens. */
  usage: UseQueryResult<TUsage>;
  remove: UseMutationResult<unknown, Error, string>;
  texts: DeleteWithUsageTexts;
};

/** Asks before deleting a named item and says how many users it takes away from. */
export function DeleteWithUsageDialog({ item, onClose, usage, remove, texts }: DeleteWithUsageDialogProps) {
  const { t, i18n } = useTranslation();
  const close = () => {
    remove.reset();
    onClose();
  };
  const message = usage.isPending
    ? texts.counting
    : usage.isError
      ? errorMessage(usage.error, t, i18n.language)
      : texts.message(item?.name ?? '', usage.data.benutzerAnzahl);
  return (
    <ConfirmDialog
      opened={item !== null}
      onClose={close}
      title={texts.title}
      message={message}
      confirmLabel={texts.confirm}
      cancelLabel={texts.cancel}
      confirmDisabled={usage.isPending}
      loading={remove.isPending}
      error={remove.error ? errorMessage(remove.error, t, i18n.language) : null}
      onConfirm={() =>
        item &&
        remove.mutate(item.id, {
          onSuccess: () => {
            notifications.show({ color: 'teal', message: texts.done(item.name) });
            close();
          },
        })
      }
    />
  );
}
