import { List, Text } from '@mantine/core';
import type { TBetroffeneBuchung } from '@stellwerk/domain/verwaltung/admin-stammdaten.api';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../../lib/format-date';

/** The bookings a closing would cancel: period, room and booker (the confirm dialogs of both tables). */
export function BetroffeneListe({ buchungen }: { buchungen: TBetroffeneBuchung[] }) {
  const { i18n } = useTranslation();
  return (
    <List size="sm" spacing={4} mah={260} style={{ overflowY: 'auto' }}>
      {buchungen.map((b) => (
        <List.Item key={b.id}>
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
  );
}
