import { Alert, Badge, Button, Group, List, Stack, Text } from '@mantine/core';
import type { TMe } from '@stellwerk/domain/api';
import { FEATURE_DESCRIPTIONS, type SwitchableFeature } from '@stellwerk/domain/features';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';

/**
 * The start page of a user with no area to open (decision 036): which areas the tenant has switched on,
 * why none of them is open to this user, and the way out (sign-out).
 */
export function NoAreaNotice({ me }: { me: TMe }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language === 'en' ? 'en' : 'de';
  const areas: SwitchableFeature[] = ['FahrzeugBuchung', 'Leseraum'];
  const statusOf = (area: SwitchableFeature): { label: string; color: string } => {
    if (!me.features[area]) return { label: t('noArea.off'), color: 'gray' };
    if (area === 'FahrzeugBuchung' && !me.rights.fahrzeugModul)
      return { label: t('noArea.onWithoutRight'), color: 'yellow' };
    return { label: t('noArea.on'), color: 'teal' };
  };
  return (
    <Stack gap="md" maw={640}>
      <Text>{t('noArea.intro', { mandant: me.mandant.name })}</Text>
      <List spacing="xs" listStyleType="none" aria-label={t('noArea.areas')}>
        {areas.map((area) => {
          const status = statusOf(area);
          return (
            <List.Item key={area}>
              <Group gap="sm" wrap="nowrap">
                <Text fw={600}>{FEATURE_DESCRIPTIONS[area][language]}</Text>
                <Badge color={status.color} variant="light">
                  {status.label}
                </Badge>
              </Group>
            </List.Item>
          );
        })}
      </List>
      <Alert color="blue" variant="light" role="note">
        {t('noArea.contact')}
      </Alert>
      <Group>
        <Button component={Link} to="/logout">
          {t('menu.logout')}
        </Button>
        <Button component={Link} to="/einstellungen" variant="default">
          {t('menu.customizing')}
        </Button>
      </Group>
    </Stack>
  );
}
