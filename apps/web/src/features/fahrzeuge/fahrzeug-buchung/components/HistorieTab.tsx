import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import type { TFahrzeugHistorieEintrag } from '@stellwerk/domain/fahrzeuge/fahrzeug/historie-api';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../../components/ErrorAlert';
import { LoadingState } from '../../../../components/LoadingState';
import { formatDateTime } from '../../../../lib/format-date';
import { useFahrzeugHistorie } from '../api/fahrtenbuch-api';
import { BelegLinks } from './BelegLinks';

const FARBE: Record<TFahrzeugHistorieEintrag['typ'], string> = {
  ERSTELLUNG: 'blue',
  STATUSAENDERUNG: 'grape',
  WARTUNG: 'orange',
  SERVICE: 'orange',
  CHECK_IN: 'teal',
  CHECK_OUT: 'teal',
  DEAKTIVIERUNG: 'red',
};

const typText = (t: TFunction, typ: TFahrzeugHistorieEintrag['typ']): string =>
  ({
    ERSTELLUNG: t('historie.typ.ERSTELLUNG'),
    STATUSAENDERUNG: t('historie.typ.STATUSAENDERUNG'),
    WARTUNG: t('historie.typ.WARTUNG'),
    CHECK_IN: t('historie.typ.CHECK_IN'),
    CHECK_OUT: t('historie.typ.CHECK_OUT'),
    SERVICE: t('historie.typ.SERVICE'),
    DEAKTIVIERUNG: t('historie.typ.DEAKTIVIERUNG'),
  })[typ];

function Eintrag({ h }: { h: TFahrzeugHistorieEintrag }) {
  const { t, i18n } = useTranslation();
  const angaben = [
    h.kilometerstand !== null
      ? t('historie.kilometerstand', { km: h.kilometerstand.toLocaleString(i18n.language) })
      : null,
    h.tankfuellung !== null ? t('historie.tank', { prozent: h.tankfuellung }) : null,
    h.sauberkeitAussen ? t('historie.aussen', { wert: h.sauberkeitAussen }) : null,
    h.sauberkeitInnen ? t('historie.innen', { wert: h.sauberkeitInnen }) : null,
    h.abstellplatz ? t('historie.abstellplatz', { wert: h.abstellplatz }) : null,
  ].filter(Boolean);
  return (
    <Card withBorder padding="xs" data-testid="historie-eintrag">
      <Stack gap={2}>
        <Group justify="space-between" gap="xs">
          <Badge color={FARBE[h.typ]} variant="light" tt="none">
            {typText(t, h.typ)}
          </Badge>
          <Text size="xs" c="dimmed">
            {formatDateTime(h.zeitpunkt, i18n.language)}
            {h.benutzer ? ` · ${h.benutzer.name}` : ''}
          </Text>
        </Group>
        {h.beschreibung && <Text size="sm">{h.beschreibung}</Text>}
        {angaben.length > 0 && <Text size="sm">{angaben.join(' · ')}</Text>}
        {h.schaeden.map((s, i) => (
          // damages have no id of their own; their order is stable
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <Text size="sm" c="red" key={i}>
            {t('historie.schaden', { text: s.beschreibung })}
          </Text>
        ))}
        <BelegLinks belege={h.belege} />
      </Stack>
    </Card>
  );
}

/**
 * The history tab of the vehicle detail (spec §3): every entry the actions wrote (created, status
 * changes, maintenance and service, check-in and check-out with their readings, deactivation), newest first,
 * a page at a time.
 */
export function HistorieTab({ fahrzeugId }: { fahrzeugId: string }) {
  const { t } = useTranslation();
  const historie = useFahrzeugHistorie(fahrzeugId);
  if (historie.isPending) return <LoadingState rows={4} />;
  if (historie.error) return <ErrorAlert error={historie.error} onRetry={() => void historie.refetch()} />;
  const eintraege = historie.data.pages.flatMap((p) => p.eintraege);
  return (
    <Stack gap="xs">
      {eintraege.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('historie.leer')}
        </Text>
      )}
      {eintraege.map((h) => (
        <Eintrag key={h.id} h={h} />
      ))}
      {historie.hasNextPage && (
        <Group justify="center">
          <Button
            variant="subtle"
            size="xs"
            loading={historie.isFetchingNextPage}
            onClick={() => void historie.fetchNextPage()}
          >
            {t('historie.mehr')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
