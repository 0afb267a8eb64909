import {
  Alert,
  Badge,
  Button,
  Card,
  Code,
  CopyButton,
  Group,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import type { TScimToken } from '@stellwerk/domain/identitaet/scim/api';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../../components/ConfirmDialog';
import { ErrorAlert } from '../../../../components/ErrorAlert';
import { LoadingState } from '../../../../components/LoadingState';
import { errorMessage } from '../../../../lib/error-message';
import { formatDateTime } from '../../../../lib/format-date';
import { useCreateScimToken, useRevokeScimToken, useScimTokens } from '../api/scim-tokens';

/**
 * Provisioning (SCIM 2.0, decision 071): the tenant's tokens for the identity provider (Entra ID, Okta). A new
 * token is shown once; revoking stops it at once.
 */
export function ScimTokenAdmin() {
  const { t, i18n } = useTranslation();
  const tokens = useScimTokens();
  const create = useCreateScimToken();
  const revoke = useRevokeScimToken();
  const [name, setName] = useState('');
  const [shown, setShown] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<TScimToken | null>(null);
  const items = tokens.data?.items ?? [];
  const date = (value: string | null) => (value ? formatDateTime(value, i18n.language) : '–');

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="scim-titel" mt="lg">
      <Stack gap="md">
        <Title order={2} fz="lg" id="scim-titel">
          {t('adminScim.titel')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('adminScim.beschreibung')}
        </Text>
        {tokens.data && (
          <Text size="sm">
            {t('adminScim.adresse')} <Code>{tokens.data.scimUrl}</Code>
          </Text>
        )}
        {tokens.isPending && <LoadingState rows={1} />}
        {tokens.error && <ErrorAlert error={tokens.error} onRetry={() => void tokens.refetch()} />}
        {shown && (
          <Alert color="yellow" title={t('adminScim.neuTitel')} role="status">
            <Stack gap="xs">
              <Text size="sm">{t('adminScim.einmal')}</Text>
              <Code block data-testid="scim-token">
                {shown}
              </Code>
              <Group gap="xs">
                <CopyButton value={shown}>
                  {({ copied, copy }) => (
                    <Button size="xs" variant="default" onClick={copy}>
                      {copied ? t('adminScim.kopiert') : t('adminScim.kopieren')}
                    </Button>
                  )}
                </CopyButton>
                <Button size="xs" onClick={() => setShown(null)}>
                  {t('adminScim.gesichert')}
                </Button>
              </Group>
            </Stack>
          </Alert>
        )}
        {items.length === 0 && !tokens.isPending && <Text size="sm">{t('adminScim.keine')}</Text>}
        {items.length > 0 && (
          <Table.ScrollContainer minWidth={0}>
            <Table verticalSpacing="sm" aria-label={t('adminScim.titel')} data-testid="scim-tokens">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('adminScim.name')}</Table.Th>
                  <Table.Th>{t('adminScim.erstellt')}</Table.Th>
                  <Table.Th visibleFrom="sm">{t('adminScim.zuletzt')}</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>{t('adminScim.aktionen')}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((token) => (
                  <Table.Tr key={token.id}>
                    <Table.Td>
                      <Text fw={500}>{token.name}</Text>
                      <Text size="xs" c="dimmed">
                        {token.anfang}…
                      </Text>
                    </Table.Td>
                    <Table.Td>{date(token.createdAt)}</Table.Td>
                    <Table.Td visibleFrom="sm">{date(token.zuletztBenutztAt)}</Table.Td>
                    <Table.Td>
                      {token.widerrufenAt ? (
                        <Badge color="gray" variant="light">
                          {t('adminScim.widerrufen')}
                        </Badge>
                      ) : (
                        <Button
                          size="xs"
                          variant="default"
                          color="red"
                          onClick={() => setRevoking(token)}
                          aria-label={t('adminScim.widerrufenVon', { name: token.name })}
                        >
                          {t('adminScim.widerrufenAktion')}
                        </Button>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (!name.trim()) return;
            create.mutate(name.trim(), {
              onSuccess: (created) => {
                setShown(created.token);
                setName('');
              },
            });
          }}
        >
          <Group align="flex-end" gap="sm" wrap="wrap">
            <TextInput
              label={t('adminScim.neuerName')}
              placeholder={t('adminScim.namePlatzhalter')}
              value={name}
              maxLength={80}
              onChange={(event) => setName(event.currentTarget.value)}
              style={{ flex: '1 1 14rem' }}
            />
            <Button type="submit" loading={create.isPending} disabled={!name.trim()}>
              {t('adminScim.erstellen')}
            </Button>
          </Group>
        </form>
        {create.error && (
          <Text size="sm" c="red" role="alert">
            {errorMessage(create.error, t, i18n.language)}
          </Text>
        )}
      </Stack>
      <ConfirmDialog
        opened={revoking !== null}
        title={t('adminScim.widerrufenAktion')}
        message={t('adminScim.widerrufenHinweis', { name: revoking?.name ?? '' })}
        confirmLabel={t('adminScim.widerrufenAktion')}
        cancelLabel={t('adminScim.abbrechen')}
        color="red"
        loading={revoke.isPending}
        error={revoke.error ? errorMessage(revoke.error, t, i18n.language) : null}
        onClose={() => setRevoking(null)}
        onConfirm={() => revoking && revoke.mutate(revoking.id, { onSuccess: () => setRevoking(null) })}
      />
    </Card>
  );
}
