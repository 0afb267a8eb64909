import { Badge, Group, List, Text } from '@mantine/core';
import type { TFahrzeugBuchung } from '@stellwerk/domain/fahrzeuge/fahrzeug-buchung/api';
import { formatDateDE, formatTimeDE } from '@stellwerk/domain/time';
import { useTranslation } from 'react-i18next';

/** Light badges with dark text: the light colours' own text misses 4.5:1 at badge size (axe). */
const LESBAR = { label: { color: 'var(--mantine-color-dark-7)' } };

/**
 * Who must approve a special trip and what each decided (R153): every approver by name with their
 * state, when they decided, and the reason of a rejection (the cancelled trip's information text). Nothing for
 * a trip inside the booking times.
 */
export function FreigeberStand({ buchung }: { buchung: TFahrzeugBuchung }) {
  const { t } = useTranslation();
  if (buchung.freigeber.length === 0) return null;
  const abgelehnt = buchung.freigeber.some((f) => f.isFreigegeben === false);
  return (
    <section aria-label={t('fahrzeugBuchung.freigeberStand.titel')} data-freigeber-stand>
      <Text size="sm" fw={600} mt={6}>
        {t('fahrzeugBuchung.freigeberStand.titel')}
      </Text>
      <List size="sm" spacing={2} listStyleType="none">
        {buchung.freigeber.map((f) => {
          const [farbe, text] =
            f.isFreigegeben === true
              ? ['teal', t('fahrzeugBuchung.freigeberStand.freigegeben')]
              : f.isFreigegeben === false
                ? ['red', t('fahrzeugBuchung.freigeberStand.abgelehnt')]
                : ['yellow', t('fahrzeugBuchung.freigeberStand.offen')];
          const am = f.freigegebenAt ? new Date(f.freigegebenAt) : null;
          return (
            <List.Item key={f.id}>
              <Group gap={6} wrap="wrap">
                <Text size="sm">{f.name}</Text>
                <Badge size="sm" variant="light" color={farbe} styles={LESBAR} tt="none">
                  {text}
                </Badge>
                {am && (
                  <Text size="xs" c="dimmed">
                    {t('fahrzeugBuchung.freigeberStand.am', {
                      wann: `${formatDateDE(am)} ${formatTimeDE(am)}`,
                    })}
                  </Text>
                )}
              </Group>
            </List.Item>
          );
        })}
      </List>
      {abgelehnt && buchung.status === 'storniert' && buchung.informationstext && (
        <Text size="sm" c="red.8">
          {t('fahrzeugBuchung.freigeberStand.grund', { grund: buchung.informationstext })}
        </Text>
      )}
      {!abgelehnt && buchung.aktionen.wartetAufFreigabe && (
        <Text size="xs" c="dimmed">
          {t('fahrzeugBuchung.freigeberStand.hinweis')}
        </Text>
      )}
    </section>
  );
}
