import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../../lib/format-date';
import { useMeineSpinde } from '../api/spind-api';

/** The sidebar card "Mein Spind": the next locker (number, bank, until when), or a link to book one. */
export function MeinSpindKarte() {
  const { t, i18n } = useTranslation();
  const meine = useMeineSpinde();
  const naechster = meine.data?.[0];
  return (
    <Stack component="section" gap={4} data-testid="mein-spind-sidebar">
      <Title order={2} fz="sm" fw={700}>
        {t('spind.meine')}
      </Title>
      {meine.isPending ? (
        <Text size="sm" c="dimmed">
          {t('common.loading')}
        </Text>
      ) : meine.error ? (
        <Text size="sm" c="red">
          {t('spind.ladenFehler')}
        </Text>
      ) : naechster ? (
        <Text size="sm">
          <Anchor component={Link} to="/officelocker" fw={600}>
            {t('spind.nummer', { nummer: naechster.nummer })}
          </Anchor>
          <Text span size="xs" c="dimmed">
            {' · '}
            {naechster.bank}
            {' · '}
            {t('spind.bis', { bis: formatDateTime(naechster.bis, i18n.language) })}
          </Text>
        </Text>
      ) : (
        <Anchor component={Link} to="/officelocker" size="sm">
          {t('spind.buchenLink')}
        </Anchor>
      )}
    </Stack>
  );
}
