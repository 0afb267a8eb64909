import { Alert, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../../components/ErrorAlert';
import { LoadingState } from '../../../../components/LoadingState';
import { useGrundrisse } from '../api/oeffnungszeiten';
import { Sonderoeffnungszeiten } from './Sonderoeffnungszeiten';
import { WochenTabelle } from './WochenTabelle';

/** /admin/oeffnungszeiten: choose a floor plan, then its week and its special opening times. */
export function OeffnungszeitenAdmin() {
  const { t } = useTranslation();
  const query = useGrundrisse();
  const [chosen, setChosen] = useState<string | null>(null);

  if (query.isPending) return <LoadingState rows={6} />;
  if (query.isError) return <ErrorAlert error={query.error} onRetry={() => void query.refetch()} />;
  if (query.data.length === 0)
    return (
      <Alert color="gray" variant="light" role="note" title={t('adminOeffnungszeiten.keineGrundrisseTitle')}>
        {t('adminOeffnungszeiten.keineGrundrisse')}
      </Alert>
    );

  const grundrissId = chosen ?? query.data[0]?.id ?? null;
  const label = (g: (typeof query.data)[number]) =>
    `${g.bezeichnung}${g.standort ? ` (${g.standort.name})` : ''}${g.aktiv ? '' : ` – ${t('adminOeffnungszeiten.inaktiv')}`}`;

  return (
    <Stack gap="lg" maw={760}>
      <Select
        label={t('adminOeffnungszeiten.grundriss')}
        data={query.data.map((g) => ({ value: g.id, label: label(g) }))}
        value={grundrissId}
        onChange={(value) => value && setChosen(value)}
        allowDeselect={false}
        maw={420}
      />
      {grundrissId && (
        <>
          <Paper
            withBorder
            p={{ base: 'sm', sm: 'md' }}
            radius="md"
            component="section"
            aria-labelledby="woche-title"
          >
            <Title order={2} fz="lg" id="woche-title">
              {t('adminOeffnungszeiten.wocheTitle')}
            </Title>
            <Text size="sm" c="dimmed" mb="sm">
              {t('adminOeffnungszeiten.wocheHint')}
            </Text>
            <WochenTabelle key={grundrissId} grundrissId={grundrissId} />
          </Paper>
          <Paper
            withBorder
            p={{ base: 'sm', sm: 'md' }}
            radius="md"
            component="section"
            aria-labelledby="sonder-title"
          >
            <Title order={2} fz="lg" id="sonder-title">
              {t('adminOeffnungszeiten.sonderTitle')}
            </Title>
            <Text size="sm" c="dimmed" mb="sm">
              {t('adminOeffnungszeiten.sonderHint')}
            </Text>
            <Sonderoeffnungszeiten key={grundrissId} grundrissId={grundrissId} />
          </Paper>
        </>
      )}
    </Stack>
  );
}
