import { Button, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { TFahrzeugBuchung } from '@stellwerk/domain/fahrzeuge/fahrzeug-buchung/api';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../../components/ErrorAlert';
import { ReasonDialog } from '../../../../components/ReasonDialog';
import { errorMessage } from '../../../../lib/error-message';
import { useAlleFahrzeugBuchungen, useStorniereFremdeBuchung } from '../api/fahrzeug-buchung-api';
import { zeitraumText } from '../hooks/zeit-felder';

/**
 * The confirmation with the reason the booker is told (R196): someone else's trip is cancelled only with a reason
 * (decision 149), here and from "Meine Buchungen" of a driver who may cancel.
 */
export function StornoDialog({
  buchung,
  onClose,
}: {
  buchung: TFahrzeugBuchung | null;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const storno = useStorniereFremdeBuchung();
  const schliessen = () => {
    storno.reset();
    onClose();
  };
  const name = buchung?.buchender.name ?? '';
  const fahrzeug = buchung ? `${buchung.fahrzeug.marke} ${buchung.fahrzeug.modell}` : '';
  const wann = buchung ? zeitraumText(buchung.von, buchung.bis, i18n.language) : '';
  return (
    <ReasonDialog
      opened={buchung !== null}
      title={t('fahrzeugBuchung.fremde.dialogTitel')}
      message={
        <Stack gap={4}>
          <Text size="sm">{t('fahrzeugBuchung.fremde.frage', { name, fahrzeug, wann })}</Text>
          <Text size="sm" c="dimmed">
            {t('fahrzeugBuchung.fremde.mail', { name })}
          </Text>
        </Stack>
      }
      confirmLabel={t('fahrzeugBuchung.fremde.bestaetigen')}
      cancelLabel={t('fahrzeugBuchung.fremde.abbrechen')}
      label={t('fahrzeugBuchung.fremde.grund')}
      description={t('fahrzeugBuchung.fremde.grundHinweis')}
      missing={t('validation.required')}
      maxLength={1000}
      onConfirm={(grund) => {
        if (!buchung) return;
        storno.mutate(
          { id: buchung.id, grund },
          {
            onSuccess: () => {
              notifications.show({ color: 'green', message: t('fahrzeugBuchung.fremde.erledigt', { name }) });
              schliessen();
            },
          },
        );
      }}
      onClose={schliessen}
      loading={storno.isPending}
      error={storno.error ? errorMessage(storno.error, t, i18n.language) : null}
    />
  );
}

/**
 * Other people's trips with this vehicle still to come, for administrators and fleet managers (buchung_pflege,
 * fahrzeug_pflege): who booked, when, and a cancel button with a confirmation that asks for the reason (R196).
 */
export function FremdeBuchungen({ fahrzeugId, benutzerId }: { fahrzeugId: string; benutzerId: string }) {
  const { t, i18n } = useTranslation();
  const alle = useAlleFahrzeugBuchungen(true);
  const [gewaehlt, setGewaehlt] = useState<TFahrzeugBuchung | null>(null);
  const fremde = (alle.data ?? []).filter(
    (b) =>
      b.fahrzeug.id === fahrzeugId &&
      b.typ === 'BUCHUNG' &&
      b.status !== 'storniert' &&
      b.buchender.id !== benutzerId,
  );
  return (
    <section aria-labelledby="fremde-buchungen-titel">
      <Title order={3} fz="md" mb={4} id="fremde-buchungen-titel">
        {t('fahrzeugBuchung.fremde.titel')}
      </Title>
      <Text size="xs" c="dimmed" mb={6}>
        {t('fahrzeugBuchung.fremde.hinweis')}
      </Text>
      {alle.error && <ErrorAlert error={alle.error} onRetry={() => void alle.refetch()} />}
      {alle.data && fremde.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('fahrzeugBuchung.fremde.leer')}
        </Text>
      )}
      {fremde.length > 0 && (
        <List size="sm" spacing={6} listStyleType="none">
          {fremde.map((b) => (
            <List.Item key={b.id}>
              <Card withBorder padding="xs" radius="sm" data-buchung-id={b.id}>
                <Group justify="space-between" gap="xs" wrap="nowrap">
                  <div>
                    <Text size="sm" fw={600}>
                      {b.buchender.name}
                    </Text>
                    <Text size="sm">{zeitraumText(b.von, b.bis, i18n.language)}</Text>
                  </div>
                  {b.aktionen.kannStornieren && (
                    <Button
                      size="xs"
                      variant="subtle"
                      color="red"
                      aria-label={t('fahrzeugBuchung.fremde.stornierenVon', { name: b.buchender.name })}
                      onClick={() => setGewaehlt(b)}
                    >
                      {t('fahrzeugBuchung.fremde.stornieren')}
                    </Button>
                  )}
                </Group>
              </Card>
            </List.Item>
          ))}
        </List>
      )}
      <StornoDialog key={gewaehlt?.id ?? 'keine'} buchung={gewaehlt} onClose={() => setGewaehlt(null)} />
    </section>
  );
}
