import { Badge, Card, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../../components/ErrorAlert';
import { LoadingState } from '../../../../components/LoadingState';
import { formatDateTime } from '../../../../lib/format-date';
import { useSmsAusgang } from '../api/get-sms-ausgang';

const FARBE = { gesendet: '#1e6b30', fehlgeschlagen: 'red.8', protokolliert: 'gray.7' } as const;

/** /admin/postausgang: the SMS the application sent or tried to send, never with their codes (decision 083). */
export function SmsAusgangListe() {
  const { t, i18n } = useTranslation();
  const sms = useSmsAusgang();
  const items = sms.data?.items ?? [];
  const statusText = {
    gesendet: t('sicherheit.smsAusgang.gesendet'),
    fehlgeschlagen: t('sicherheit.smsAusgang.fehlgeschlagen'),
    protokolliert: t('sicherheit.smsAusgang.protokolliert'),
  };
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="sms-ausgang-titel" mt="lg">
      <Stack gap="md">
        <Title order={2} fz="lg" id="sms-ausgang-titel">
          {t('sicherheit.smsAusgang.titel')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('sicherheit.smsAusgang.beschreibung')}
        </Text>
        {sms.isPending && <LoadingState rows={2} />}
        {sms.error && <ErrorAlert error={sms.error} onRetry={() => void sms.refetch()} />}
        {sms.data && items.length === 0 && <Text size="sm">{t('sicherheit.smsAusgang.leer')}</Text>}
        {items.length > 0 && (
          <Table.ScrollContainer minWidth={0}>
            <Table
              verticalSpacing="sm"
              aria-label={t('sicherheit.smsAusgang.titel')}
              data-testid="sms-ausgang"
            >
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('sicherheit.smsAusgang.an')}</Table.Th>
                  <Table.Th>{t('sicherheit.smsAusgang.text')}</Table.Th>
                  <Table.Th>{t('sicherheit.smsAusgang.status')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((s) => (
                  <Table.Tr key={s.id}>
                    <Table.Td>
                      <Text size="sm">{s.an}</Text>
                      <Text size="xs" c="dimmed">
                        {formatDateTime(s.createdAt, i18n.language)}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{s.text}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Badge color={FARBE[s.status]} variant="filled">
                        {statusText[s.status]}
                      </Badge>
                      {s.fehler && (
                        <Text size="xs" c="dimmed">
                          {s.fehler}
                        </Text>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Card>
  );
}
