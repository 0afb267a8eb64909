import { Badge, Button, Group, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import type { TZugriffstoken } from '@stellwerk/domain/identitaet/zugriffstoken/api';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../../components/ConfirmDialog';
import { ErrorAlert } from '../../../../components/ErrorAlert';
import { errorMessage } from '../../../../lib/error-message';
import { formatDateTime } from '../../../../lib/format-date';
import { useBenutzerZugriffstoken, useWiderrufeBenutzerZugriffstoken } from '../api/zugriffstoken-admin-api';

/**
 * The user's personal access tokens for AI clients in the user dialog (decision 249): name, right, last day and
 * last use, each with a button that revokes it, asked first; audited by the server. The token itself is never shown.
 */
export function BenutzerZugriffstoken({ benutzerId, name }: { benutzerId: string; name: string }) {
  const { t, i18n } = useTranslation();
  const tokens = useBenutzerZugriffstoken(benutzerId);
  const widerrufen = useWiderrufeBenutzerZugriffstoken();
  const [revoking, setRevoking] = useState<TZugriffstoken | null>(null);
  const items = tokens.data ?? [];

  return (
    <Stack gap="xs" component="section" aria-labelledby="benutzer-zugriffstoken-titel">
      <Title order={3} size="h5" id="benutzer-zugriffstoken-titel">
        {t('adminBenutzer.zugriffstoken.titel')}
      </Title>
      {tokens.isError && <ErrorAlert error={tokens.error} onRetry={() => void tokens.refetch()} />}
      {tokens.isSuccess && items.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('adminBenutzer.zugriffstoken.keine', { name })}
        </Text>
      )}
      {items.length > 0 && (
        <Table.ScrollContainer minWidth={0}>
          <Table
            verticalSpacing="xs"
            aria-labelledby="benutzer-zugriffstoken-titel"
            data-testid="benutzer-zugriffstoken"
          >
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('zugriffstoken.name')}</Table.Th>
                <Table.Th>{t('zugriffstoken.rechtSpalte')}</Table.Th>
                <Table.Th>{t('zugriffstoken.gueltigBis')}</Table.Th>
                <Table.Th>{t('zugriffstoken.zuletztBenutzt')}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{t('zugriffstoken.aktionen')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((tok) => (
                <Table.Tr key={tok.id}>
                  <Table.Td>
                    <Text fw={500} size="sm">
                      {tok.name}
                    </Text>
                    <Text size="xs" c="dimmed" ff="monospace">
                      {`${tok.anfang}…`}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{t(`zugriffstoken.recht.${tok.recht}`)}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{formatDateTime(tok.gueltigBis, i18n.language)}</Text>
                    {tok.abgelaufen && (
                      <Badge size="xs" color="gray">
                        {t('zugriffstoken.abgelaufen')}
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">
                      {tok.zuletztBenutztAt
                        ? formatDateTime(tok.zuletztBenutztAt, i18n.language)
                        : t('zugriffstoken.nie')}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Group justify="flex-end">
                      <Button
                        size="xs"
                        color="red"
                        variant="light"
                        onClick={() => {
                          widerrufen.reset();
                          setRevoking(tok);
                        }}
                        aria-label={t('adminBenutzer.zugriffstoken.widerrufenVon', { token: tok.name, name })}
                      >
                        {t('zugriffstoken.widerrufen')}
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
        title={t('adminBenutzer.zugriffstoken.widerrufenTitel')}
        message={t('adminBenutzer.zugriffstoken.widerrufenHinweis', { token: revoking?.name ?? '', name })}
        confirmLabel={t('zugriffstoken.widerrufen')}
        cancelLabel={t('adminBenutzer.cancel')}
        loading={widerrufen.isPending}
        error={widerrufen.error ? errorMessage(widerrufen.error, t, i18n.language) : null}
        onClose={() => setRevoking(null)}
        onConfirm={() =>
          revoking &&
          widerrufen.mutate({ benutzerId, tokenId: revoking.id }, { onSuccess: () => setRevoking(null) })
        }
      />
    </Stack>
  );
}
