import { Alert, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { formatError } from '@stellwerk/domain/errors';
import type { TFahrzeugBuchung } from '@stellwerk/domain/fahrzeuge/fahrzeug-buchung/api';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../../components/ErrorAlert';
import { LoadingState } from '../../../../components/LoadingState';
import { ReasonDialog } from '../../../../components/ReasonDialog';
import { errorMessage } from '../../../../lib/error-message';
import { formatDateTime } from '../../../../lib/format-date';
import { useEntscheiden, useOffeneFreigaben } from '../api/freigaben-api';

/**
 * /fahrzeuge/freigaben (spec §2): the special trips awaiting the current approver, each with approve and
 * reject; a rejection asks for a reason and a confirmation (decision 049). Nothing to decide is an empty
 * state with the spec's text, not an error.
 */
export function FreigabenListe() {
  const { t, i18n } = useTranslation();
  const language = i18n.language === 'en' ? 'en' : 'de';
  const query = useOffeneFreigaben();
  const entscheiden = useEntscheiden();
  const [ablehnen, setAblehnen] = useState<TFahrzeugBuchung | null>(null);
  const [fehler, setFehler] = useState<string | null>(null);

  if (query.isPending) return <LoadingState />;
  if (query.isError) return <ErrorAlert error={query.error} onRetry={() => void query.refetch()} />;

  const freigeben = (b: TFahrzeugBuchung) =>
    entscheiden.mutate(
      { buchungId: b.id, freigeben: true },
      {
        onSuccess: () =>
          notifications.show({
            color: 'green',
            message: t('fahrzeugFreigaben.freigegeben', { name: b.buchender.name }),
          }),
        onError: (error) => notifications.show({ color: 'red', message: errorMessage(error, t, language) }),
      },
    );
  const schliessen = () => {
    setAblehnen(null);
    setFehler(null);
  };
  const lehneAb = (begruendung: string) => {
    if (!ablehnen) return;
    entscheiden.mutate(
      { buchungId: ablehnen.id, freigeben: false, begruendung },
      {
        onSuccess: () => {
          notifications.show({
            message: t('fahrzeugFreigaben.abgelehnt', { name: ablehnen.buchender.name }),
          });
          schliessen();
        },
        onError: (error) => setFehler(errorMessage(error, t, language)),
      },
    );
  };

  if (query.data.length === 0)
    return (
      <Alert color="gray" variant="light" role="status">
        {formatError('sonderfreigabe.keine_offenen', language)}
      </Alert>
    );

  return (
    <Stack gap="md">
      {query.data.map((b) => (
        <Card key={b.id} withBorder padding="md" component="article" aria-labelledby={`freigabe-${b.id}`}>
          <Stack gap="xs">
            <Group justify="space-between" wrap="wrap" gap="xs">
              <Title order={2} size="h4" id={`freigabe-${b.id}`}>
                {`${b.fahrzeug.marke} ${b.fahrzeug.modell} (${b.fahrzeug.kennzeichen})`}
              </Title>
              <Badge color="dark" variant="light">
                {t('fahrzeugFreigaben.wartet')}
              </Badge>
            </Group>
            <Text size="sm">
              {t('fahrzeugFreigaben.zeitraum', {
                von: formatDateTime(b.von, language),
                bis: formatDateTime(b.bis, language),
              })}
            </Text>
            <Text size="sm">{t('fahrzeugFreigaben.buchender', { name: b.buchender.name })}</Text>
            {b.fahrer && <Text size="sm">{t('fahrzeugFreigaben.fahrer', { name: b.fahrer.name })}</Text>}
            {b.anlass && <Text size="sm">{t('fahrzeugFreigaben.anlass', { anlass: b.anlass })}</Text>}
            {b.zielAdresse && <Text size="sm">{t('fahrzeugFreigaben.ziel', { ziel: b.zielAdresse })}</Text>}
            {b.informationstext && (
              <Text size="sm" c="dimmed">
                {b.informationstext}
              </Text>
            )}
            <Group gap="sm" mt="xs">
              <Button
                onClick={() => freigeben(b)}
                loading={entscheiden.isPending && entscheiden.variables?.buchungId === b.id}
                disabled={!b.aktionen.kannFreigeben}
                aria-label={t('fahrzeugFreigaben.freigebenFuer', {
                  name: b.buchender.name,
                  kennzeichen: b.fahrzeug.kennzeichen,
                })}
              >
                {t('fahrzeugFreigaben.freigeben')}
              </Button>
              <Button
                color="red.9"
                variant="outline"
                onClick={() => setAblehnen(b)}
                disabled={!b.aktionen.kannAblehnen}
                aria-label={t('fahrzeugFreigaben.ablehnenFuer', {
                  name: b.buchender.name,
                  kennzeichen: b.fahrzeug.kennzeichen,
                })}
              >
                {t('fahrzeugFreigaben.ablehnen')}
              </Button>
            </Group>
          </Stack>
        </Card>
      ))}
      <ReasonDialog
        opened={ablehnen !== null}
        title={t('fahrzeugFreigaben.ablehnenTitel')}
        message={
          ablehnen
            ? t('fahrzeugFreigaben.ablehnenText', {
                name: ablehnen.buchender.name,
                kennzeichen: ablehnen.fahrzeug.kennzeichen,
                von: formatDateTime(ablehnen.von, language),
              })
            : ''
        }
        confirmLabel={t('fahrzeugFreigaben.ablehnenBestaetigen')}
        cancelLabel={t('fahrzeugFreigaben.abbrechen')}
        label={t('fahrzeugFreigaben.begruendung')}
        description={t('fahrzeugFreigaben.begruendungHinweis')}
        missing={t('fahrzeugFreigaben.begruendungFehlt')}
        maxLength={1000}
        onConfirm={lehneAb}
        onClose={schliessen}
        loading={entscheiden.isPending}
        error={fehler}
      />
    </Stack>
  );
}
