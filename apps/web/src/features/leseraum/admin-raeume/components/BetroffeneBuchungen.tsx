import { Alert, Button, Group, List, Stack, Text } from '@mantine/core';
import type { TBetroffeneBuchung } from '@stellwerk/domain/verwaltung/admin-stammdaten.api';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../../lib/format-date';

/**
 * The step before a deactivation that cancels bookings: which bookings (period, place, booker) will be
 * cancelled with the deactivation mail, and the choice to go ahead or back.
 */
export function BetroffeneBuchungen({
  name,
  buchungen,
  loading,
  onConfirm,
  onBack,
}: {
  name: string;
  buchungen: readonly TBetroffeneBuchung[];
  loading: boolean;
  onConfirm: () => void;
  onBack: () => void;
}) {
  const { t, i18n } = useTranslation();
  return (
    <Stack gap="md">
      <Alert
        color="orange"
        role="alert"
        title={t('adminRaeume.deaktivierung.titel')}
        // the light variant's orange title reaches 3.6:1 only; body text colour keeps 4.5:1 (axe color-contrast)
        styles={{ title: { color: 'var(--mantine-color-text)' } }}
      >
        {t('adminRaeume.deaktivierung.text', { name, count: buchungen.length })}
      </Alert>
      <List
        size="sm"
        spacing={4}
        mah={260}
        style={{ overflowY: 'auto' }}
        aria-label={t('adminRaeume.deaktivierung.liste')}
      >
        {buchungen.map((b) => (
          <List.Item key={b.id} data-testid="betroffene-buchung">
            <Text size="sm" component="span" fw={500}>
              {formatDateTime(b.von, i18n.language)} – {formatDateTime(b.bis, i18n.language)}
            </Text>
            <Text size="sm" component="span">
              {' · '}
              {b.leseraum} · {b.buchender}
            </Text>
          </List.Item>
        ))}
      </List>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onBack} disabled={loading}>
          {t('adminRaeume.deaktivierung.zurueck')}
        </Button>
        <Button color="red" onClick={onConfirm} loading={loading}>
          {t('adminRaeume.deaktivierung.bestaetigen', { count: buchungen.length })}
        </Button>
      </Group>
    </Stack>
  );
}
