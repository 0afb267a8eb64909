import { Alert, Button, Card, Group, List, Modal, Stack, Text, Textarea, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { TFahrzeugBuchung } from '@stellwerk/domain/fahrzeug-buchung/api';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { errorMessage } from '../../../lib/error-message';
import { useAlleFahrzeugBuchungen, useStorniereFremdeBuchung } from '../api/fahrzeug-buchung-api';
import { zeitraumText } from '../hooks/zeit-felder';

/** The confirmation with the reason the booker is told (issue 20, R196). */
function StornoDialog({ buchung, onClose }: { buchung: TFahrzeugBuchung | null; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const storno = useStorniereFremdeBuchung();
  const [grund, setGrund] = useState('');
  const [fehlt, setFehlt] = useState(false);
  const schliessen = () => {
    storno.reset();
    setGrund('');
    setFehlt(false);
    onClose();
  };
  if (!buchung) return null;
  const name = buchung.buchender.name;
  const fahrzeug = `${buchung.fahrzeug.marke} ${buchung.fahrzeug.modell}`;
  const wann = zeitraumText(buchung.von, buchung.bis, i18n.language);
  return (
    <Modal
      opened
      onClose={schliessen}
      title={t('fahrzeugBuchung.fremde.dialogTitel')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (grund.trim() === '') {
            setFehlt(true);
            return;
          }
          storno.mutate(
            { id: buchung.id, grund: grund.trim() },
            {
              onSuccess: () => {
                notifications.show({
                  color: 'green',
                  message: t('fahrzeugBuchung.fremde.erledigt', { name }),
                });
                schliessen();
              },
            },
          );
        }}
      >
        <Stack gap="sm">
          <Text size="sm">{t('fahrzeugBuchung.fremde.frage', { name, fahrzeug, wann })}</Text>
          <Text size="sm" c="dimmed">
            {t('fahrzeugBuchung.fremde.mail', { name })}
          </Text>
          <Textarea
            label={t('fahrzeugBuchung.fremde.grund')}
            description={t('fahrzeugBuchung.fremde.grundHinweis')}
            withAsterisk
            autosize
            minRows={2}
            maxLength={1000}
            value={grund}
            error={fehlt ? t('validation.required') : undefined}
            onChange={(e) => {
              setGrund(e.currentTarget.value);
              setFehlt(false);
            }}
          />
          {storno.error && (
            <Alert color="red" role="alert">
              {errorMessage(storno.error, t, i18n.language)}
            </Alert>
          )}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={schliessen}>
              {t('fahrzeugBuchung.fremde.abbrechen')}
            </Button>
            <Button type="submit" color="red" loading={storno.isPending}>
              {t('fahrzeugBuchung.fremde.bestaetigen')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
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
