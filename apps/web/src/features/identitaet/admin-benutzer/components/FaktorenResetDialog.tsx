import { notifications } from '@mantine/notifications';
import type { TBenutzerListItem } from '@stellwerk/domain/identitaet/admin-benutzer.api';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../../components/ConfirmDialog';
import { errorMessage } from '../../../../lib/error-message';
import { useResetFaktoren } from '../api/faktoren-reset-api';

/** Asks before resetting a user's second factors and says what happens (their sessions end). */
export function FaktorenResetDialog({
  user,
  onClose,
}: {
  user: TBenutzerListItem | null;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const reset = useResetFaktoren();
  const close = () => {
    reset.reset();
    onClose();
  };
  const name = user ? `${user.vorname} ${user.nachname}`.trim() || user.email : '';
  return (
    <ConfirmDialog
      opened={user !== null}
      title={t('sicherheit.reset.titel')}
      message={t('sicherheit.reset.hinweis', { name })}
      confirmLabel={t('sicherheit.reset.bestaetigen')}
      cancelLabel={t('sicherheit.abbrechen')}
      loading={reset.isPending}
      error={reset.error ? errorMessage(reset.error, t, i18n.language) : null}
      onConfirm={() =>
        user &&
        reset.mutate(user.id, {
          onSuccess: (result) => {
            notifications.show({
              color: 'teal',
              message:
                result.faktoren > 0
                  ? t('sicherheit.reset.erledigt', { name })
                  : t('sicherheit.reset.keiner', { name }),
            });
            close();
          },
        })
      }
      onClose={close}
    />
  );
}
