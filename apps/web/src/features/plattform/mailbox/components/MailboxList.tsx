import { Alert, Badge, Button, Code, Group, Modal, Pagination, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../../components/ErrorAlert';
import { LoadingState } from '../../../../components/LoadingState';
import { formatDateTime } from '../../../../lib/format-date';
import { PAGE_SIZE, type TOutboxMail, usePostausgang } from '../api/get-postausgang';

const STATUS_COLOR: Record<TOutboxMail['status'], string> = {
  pending: 'yellow',
  sent: 'teal.9',
  failed: 'red.9',
};

function StatusBadge({ status }: { status: TOutboxMail['status'] }) {
  const { t } = useTranslation();
  const label =
    status === 'pending'
      ? t('mailbox.status.pending')
      : status === 'sent'
        ? t('mailbox.status.sent')
        : t('mailbox.status.failed');
  return (
    <Badge color={STATUS_COLOR[status]} variant="filled">
      {label}
    </Badge>
  );
}

function MailDetail({ mail, onClose }: { mail: TOutboxMail | null; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  return (
    <Modal
      opened={mail !== null}
      onClose={onClose}
      title={mail?.subject ?? ''}
      size="lg"
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {mail && (
        <Stack gap="sm">
          <Group gap="xs">
            <StatusBadge status={mail.status} />
            <Text size="sm" c="dimmed">
              {t('mailbox.attempts', { count: mail.attempts })}
            </Text>
          </Group>
          <Text size="sm">
            <strong>{t('mailbox.to')}:</strong> {mail.to}
          </Text>
          <Text size="sm">
            <strong>{t('mailbox.createdAt')}:</strong> {formatDateTime(mail.createdAt, i18n.language)}
          </Text>
          {mail.sentAt && (
            <Text size="sm">
              <strong>{t('mailbox.sentAt')}:</strong> {formatDateTime(mail.sentAt, i18n.language)}
            </Text>
          )}
          {mail.lastError && (
            <Alert color="red" title={t('mailbox.lastError')}>
              {mail.lastError}
            </Alert>
          )}
          <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
            {mail.text}
          </Code>
        </Stack>
      )}
    </Modal>
  );
}

/** The administrators' mailbox: what the outbox holds, sent or waiting (spec: no SMTP configured). */
export function MailboxList() {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<TOutboxMail | null>(null);
  const query = usePostausgang(page);

  if (query.isPending) return <LoadingState rows={6} />;
  if (query.isError) return <ErrorAlert error={query.error} onRetry={() => void query.refetch()} />;

  const { items, total } = query.data;
  if (total === 0) {
    return (
      <Alert color="gray" variant="light" role="note" title={t('mailbox.emptyTitle')}>
        {t('mailbox.empty')}
      </Alert>
    );
  }

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t('mailbox.total', { count: total })}
      </Text>
      <Table.ScrollContainer minWidth={640}>
        <Table highlightOnHover verticalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('mailbox.createdAt')}</Table.Th>
              <Table.Th>{t('mailbox.to')}</Table.Th>
              <Table.Th>{t('mailbox.subject')}</Table.Th>
              <Table.Th>{t('mailbox.statusLabel')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((mail) => (
              <Table.Tr key={mail.id}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  {formatDateTime(mail.createdAt, i18n.language)}
                </Table.Td>
                <Table.Td>{mail.to}</Table.Td>
                <Table.Td>
                  <Button variant="subtle" size="compact-sm" onClick={() => setSelected(mail)} px={4}>
                    {mail.subject}
                  </Button>
                </Table.Td>
                <Table.Td>
                  <StatusBadge status={mail.status} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {total > PAGE_SIZE && (
        <Pagination
          total={Math.ceil(total / PAGE_SIZE)}
          value={page}
          onChange={setPage}
          getControlProps={(control) => ({
            'aria-label': control === 'previous' ? t('common.previous') : t('common.next'),
          })}
        />
      )}
      <MailDetail mail={selected} onClose={() => setSelected(null)} />
    </Stack>
  );
}
