import { Group, Stack, Text } from '@mantine/core';
import { PLATZ_MARKER, PLATZ_ZUSTAENDE } from '@stellwerk/domain/leseraum/leseraum-buchung/belegung';
import { useTranslation } from 'react-i18next';
import { SymbolIcon } from '../../../../components/PlatzSymbol';
import { useZustandText } from '../hooks/zustand-text';

/** The legend of the plan: every state and marker with its symbol and its name (spec §2). */
export function PlatzLegende() {
  const { t } = useTranslation();
  const text = useZustandText();
  return (
    <Stack gap={4} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {PLATZ_ZUSTAENDE.map((z) => (
        <Group key={z} gap="xs" wrap="nowrap" component="li">
          <SymbolIcon zustand={z} />
          <Text size="sm">{text.zustand(z)}</Text>
        </Group>
      ))}
      {PLATZ_MARKER.map((m) => (
        <Group key={m} gap="xs" wrap="nowrap" component="li">
          <SymbolIcon marker={m} size={16} />
          <Text size="sm">
            {m === 'brandschutzhelfer' ? t('leseraum.legend.fireSafety') : t('leseraum.legend.firstAid')}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}
