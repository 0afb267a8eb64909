import { Alert, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Bereich, TLeseraumBuchung } from '@stellwerk/domain/leseraum/leseraum-buchung/api';
import { PERSONAL_GRUND_MAX } from '@stellwerk/domain/leseraum/leseraum-buchung/machine';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../../components/ErrorAlert';
import { LoadingState } from '../../../../components/LoadingState';
import { ReasonDialog } from '../../../../components/ReasonDialog';
import { errorMessage } from '../../../../lib/error-message';
import { useVormerkungEntscheiden, useWartendeVormerkungen } from '../api/bestaetigungen-api';
import { countdownText, useNow } from '../hooks/countdown';
import { zeitraumText } from '../hooks/zeitraum-text';

/**
 * /leseraum/bestaetigungen and /arbeitswelt/bestaetigungen (R170, decision 136): the holds of places that
 * booking staff confirm, soonest first, each with the time left before it lapses (its start), confirm, and
 * decline with a reason the booker gets by mail. Nothing waiting is an empty state, not an error.
 */
export function BestaetigungenListe({ bereich }: { bereich: Bereich }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language === 'en' ? 'en' : 'de';
  const now = useNow();
  const query = useWartendeVormerkungen(bereich);
  const entscheiden = useVormerkungEntscheiden();
  const [ablehnen, setAblehnen] = useState<TLeseraumBuchung | null>(null);
  const [fehler, setFehler] = useState<string | null>(null);

  if (query.isPending) return <LoadingState />;
  if (query.isError) return <ErrorAlert error={query.error} onRetry={() => void query.refetch()} />;

  const bestaetigen = (b: TLeseraumBuchung) =>
    entscheiden.mutate(
      { id: b.id, bestaetigen: true },
      {
        onSuccess: () =>
          notifications.show({
            color: 'teal',
            message: t('bestaetigungen.bestaetigt', { platz: b.leseraum.bezeichnung, mail: b.buchenderMail }),
          }),
        onError: (error) => notifications.show({ color: 'red', message: errorMessage(error, t, language) }),
      },
    );
  const schliessen = () => {
    setAblehnen(null);
    setFehler(null);
  };
  const lehneAb = (grund: string) => {
    if (!ablehnen) return;
    entscheiden.mutate(
      { id: ablehnen.id, bestaetigen: false, grund },
      {
        onSuccess: () => {
          notifications.show({
            message: t('bestaetigungen.abgelehnt', {
              platz: ablehnen.leseraum.bezeichnung,
              mail: ablehnen.buchenderMail,
            }),
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
        {t('bestaetigungen.keine')}
      </Alert>
    );

  return (
    <Stack gap="md">
      {query.data.map((b) => {
        const frist = new Date(b.von);
        return (
          <Card
            key={b.id}
            withBorder
            padding="md"
            component="article"
            aria-labelledby={`vormerkung-${b.id}`}
            data-buchung-id={b.id}
          >
            <Stack gap="xs">
              <Group justify="space-between" wrap="wrap" gap="xs">
                <Title order={2} size="h4" id={`vormerkung-${b.id}`}>
                  {`${b.leseraum.bezeichnung} · ${b.grundriss.bezeichnung}`}
                </Title>
                <Badge color="dark" variant="light" tt="none">
                  {t('bestaetigungen.wartet')}
                </Badge>
              </Group>
              <Text size="sm">{zeitraumText(b, language, { jahr: true })}</Text>
              <Text size="sm">{t('bestaetigungen.buchender', { mail: b.buchenderMail })}</Text>
              {b.gruppengroesse > 1 && (
                <Text size="sm">{t('bestaetigungen.gruppe', { count: b.gruppengroesse })}</Text>
              )}
              <Text size="sm" c="dimmed" aria-live="off">
                {frist > now
                  ? t('bestaetigungen.verfaelltIn', { zeit: countdownText(frist, now) })
                  : t('bestaetigungen.verfallen')}
              </Text>
              <Group gap="sm" mt="xs">
                <Button
                  onClick={() => bestaetigen(b)}
                  loading={entscheiden.isPending && entscheiden.variables?.id === b.id}
                  disabled={!b.kannBestaetigen}
                  aria-label={t('bestaetigungen.bestaetigenFuer', {
                    platz: b.leseraum.bezeichnung,
                    mail: b.buchenderMail,
                  })}
                >
                  {t('bestaetigungen.bestaetigen')}
                </Button>
                <Button
                  color="red.9"
                  variant="outline"
                  onClick={() => setAblehnen(b)}
                  disabled={!b.kannBestaetigen}
                  aria-label={t('bestaetigungen.ablehnenFuer', {
                    platz: b.leseraum.bezeichnung,
                    mail: b.buchenderMail,
                  })}
                >
                  {t('bestaetigungen.ablehnen')}
                </Button>
              </Group>
            </Stack>
          </Card>
        );
      })}
      <ReasonDialog
        opened={ablehnen !== null}
        title={t('bestaetigungen.ablehnenTitel')}
        message={
          ablehnen
            ? t('bestaetigungen.ablehnenText', {
                platz: ablehnen.leseraum.bezeichnung,
                mail: ablehnen.buchenderMail,
                zeit: zeitraumText(ablehnen, language, { jahr: true }),
              })
            : ''
        }
        confirmLabel={t('bestaetigungen.ablehnenBestaetigen')}
        cancelLabel={t('sitzplan.abbrechen')}
        label={t('bestaetigungen.grund')}
        description={t('bestaetigungen.grundHinweis')}
        missing={t('bestaetigungen.grundFehlt')}
        maxLength={PERSONAL_GRUND_MAX}
        onConfirm={lehneAb}
        onClose={schliessen}
        loading={entscheiden.isPending}
        error={fehler}
      />
    </Stack>
  );
}
