import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { TBenutzerListItem } from '@stellwerk/domain/identitaet/admin-benutzer.api';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../../components/ConfirmDialog';
import { ApiError } from '../../../../lib/api-client';
import { errorMessage } from '../../../../lib/error-message';
import { useDeactivateBenutzer, useDeleteBenutzer } from '../api/benutzer-api';

/**
 * Delete a user; when the server says the user has bookings (409), offer to deactivate instead or to erase the
 * user under the GDPR (decision 235, `onErase` opens that dialog).
 */
export function BenutzerDeleteDialog({
  user,
  onClose,
  onErase,
}: {
  user: TBenutzerListItem | null;
  onClose: () => void;
  onErase: (user: TBenutzerListItem) => void;
}) {
  const { t, i18n } = useTranslation();
  const remove = useDeleteBenutzer();
  const deactivate = useDeactivateBenutzer();
  const close = () => {
    remove.reset();
    deactivate.reset();
    onClose();
  };
  const hasBookings = remove.error instanceof ApiError && remove.error.code === 'benutzer.hat_buchungen';
  const failure = deactivate.error ?? remove.error;
  const name = user ? `${user.vorname} ${user.nachname}`.trim() || user.email : '';

  return (
    <ConfirmDialog
      opened={user !== null}
      onClose={close}
      title={t('adminBenutzer.delete.title')}
      message={t('adminBenutzer.delete.message', { name, email: user?.email ?? '' })}
      confirmLabel={t('adminBenutzer.delete.confirm')}
      cancelLabel={t('adminBenutzer.cancel')}
      loading={remove.isPending}
      confirmDisabled={hasBookings || deactivate.isPending}
      error={failure ? errorMessage(failure, t, i18n.language) : null}
      onConfirm={() => {
        if (!user) return;
        remove.mutate(user.id, {
          onSuccess: () => {
            notifications.show({ color: 'teal', message: t('adminBenutzer.delete.done', { name }) });
            close();
          },
        });
      }}
      extraActions={
        hasBookings && user ? (
          <>
            <Button
              color="red"
              variant="light"
              onClick={() => {
                close();
                onErase(user);
              }}
            >
              {t('adminBenutzer.dsgvo.open')}
            </Button>
            {user.status === 'aktiv' ? (
              <Button
                color="orange"
                loading={deactivate.isPending}
                onClick={() =>
                  deactivate.mutate(user.id, {
                    onSuccess: () => {
                      notifications.show({
                        color: 'teal',
                        message: t('adminBenutzer.delete.deactivated', { name }),
                      });
                      close();
                    },
                  })
                }
              >
                {t('adminBenutzer.delete.deactivate')}
              </Button>
            ) : null}
          </>
        ) : null
      }
    />
  );
}
