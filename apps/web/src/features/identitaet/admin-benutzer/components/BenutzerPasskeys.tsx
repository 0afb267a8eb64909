import { Button, Group, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import type { TAdminPasskeys } from '@stellwerk/domain/identitaet/sicherheit/api';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../../components/ConfirmDialog';
import { ErrorAlert } from '../../../../components/ErrorAlert';
import { errorMessage } from '../../../../lib/error-message';
import { formatDateTime } from '../../../../lib/format-date';
import { useBenutzerPasskeys, useWiderrufePasskey } from '../api/faktoren-reset-api';

type AdminPasskey = TAdminPasskeys['items'][number];

/**
 * The user's passkeys in the user dialog (decision 100): name and enrolment date, each with a button that revokes
 * it (a lost or stolen device), asked first; audited by the server.
 */
export function BenutzerPasskeys({ benutzerId, name }: { benutzerId: string; name: string }) {
  const { t, i18n } = useTranslation();
  const passkeys = useBenutzerPasskeys(benutzerId);
  const widerrufen = useWiderrufePasskey();
  const [revoking, setRevoking] = useState<AdminPasskey | null>(null);
  const label = (p: AdminPasskey) => p.name?.trim() || t('sicherheit.passkeys.ohneName');
  const items = passkeys.data?.items ?? [];

  return (
    <Stack gap="xs" component="section" aria-labelledby="benutzer-passkeys-titel">
      <Title order={3} size="h5" id="benutzer-passkeys-titel">
        {t('adminBenutzer.passkeys.titel')}
      </Title>
      {passkeys.isError && <ErrorAlert error={passkeys.error} onRetry={() => void passkeys.refetch()} />}
      {passkeys.isSuccess && items.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('adminBenutzer.passkeys.keine', { name })}
        </Text>
      )}
      {items.length > 0 && (
        <Table.ScrollContainer minWidth={0}>
          <Table
            verticalSpacing="xs"
            aria-labelledby="benutzer-passkeys-titel"
            data-testid="benutzer-passkeys"
          >
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('sicherheit.passkeys.name')}</Table.Th>
                <Table.Th>{t('sicherheit.passkeys.eingerichtet')}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{t('sicherheit.passkeys.aktionen')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((p) => (
                <Table.Tr key={p.id}>
                  <Table.Td>
                    <Text fw={500} size="sm">
                      {label(p)}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{p.createdAt ? formatDateTime(p.createdAt, i18n.language) : '–'}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Group justify="flex-end">
                      <Button
                        size="xs"
                        color="red"
                        variant="light"
                        onClick={() => {
                          widerrufen.reset();
                          setRevoking(p);
                        }}
                        aria-label={t('adminBenutzer.passkeys.widerrufenVon', { passkey: label(p), name })}
                      >
                        {t('adminBenutzer.passkeys.widerrufen')}
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <ConfirmDialog
        opened={revoking !== null}
        title={t('adminBenutzer.passkeys.widerrufenTitel')}
        message={t('adminBenutzer.passkeys.widerrufenHinweis', {
          passkey: revoking ? label(revoking) : '',
          name,
        })}
        confirmLabel={t('adminBenutzer.passkeys.widerrufen')}
        cancelLabel={t('adminBenutzer.cancel')}
        loading={widerrufen.isPending}
        error={widerrufen.error ? errorMessage(widerrufen.error, t, i18n.language) : null}
        onClose={() => setRevoking(null)}
        onConfirm={() =>
          revoking &&
          widerrufen.mutate({ benutzerId, passkeyId: revoking.id }, { onSuccess: () => setRevoking(null) })
        }
      />
    </Stack>
  );
}
