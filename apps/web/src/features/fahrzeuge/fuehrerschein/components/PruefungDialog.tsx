import { Alert, Button, Checkbox, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { TFuehrerscheinZeile } from '@stellwerk/domain/fahrzeuge/fuehrerschein/api';
import { PRUEFMETHODE_ORIGINAL } from '@stellwerk/domain/fahrzeuge/fuehrerschein/rules';
import { addCalendarMonths } from '@stellwerk/domain/time';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../../lib/error-message';
import { formatDate } from '../../../../lib/format-date';
import { useRecordPruefung } from '../api/fuehrerscheine';

type Props = {
  zeile: TFuehrerscheinZeile | null;
  /** the current user: the examiner */
  pruefer: string;
  heute: string;
  intervallMonate: number;
  pruefmethoden: readonly string[];
  onClose: () => void;
};

/**
 * The check dialog: the examiner is the current user, the last check today, the next check after
 * the tenant's interval; the method (original in person or one the tenant names) and the confirmation that
 * the original was seen. No copy of the licence is taken.
 */
export function PruefungDialog({ zeile, pruefer, heute, intervallMonate, pruefmethoden, onClose }: Props) {
  const { t, i18n } = useTranslation();
  const record = useRecordPruefung();
  const [methode, setMethode] = useState<string>(PRUEFMETHODE_ORIGINAL);
  const [originalGesehen, setOriginalGesehen] = useState(false);
  const [fehler, setFehler] = useState<string | null>(null);
  const [originalFehler, setOriginalFehler] = useState<string | null>(null);

  const close = () => {
    record.reset();
    setFehler(null);
    setOriginalFehler(null);
    setOriginalGesehen(false);
    setMethode(PRUEFMETHODE_ORIGINAL);
    onClose();
  };

  const submit = async () => {
    if (!zeile) return;
    if (!originalGesehen) {
      setOriginalFehler(t('fuehrerschein.pruefung.originalPflicht'));
      return;
    }
    setOriginalFehler(null);
    try {
      await record.mutateAsync({ benutzerId: zeile.benutzer.id, input: { methode, originalGesehen } });
      notifications.show({
        color: 'green',
        message: t('fuehrerschein.pruefung.gespeichert', { name: zeile.benutzer.name }),
      });
      close();
    } catch (error) {
      setFehler(errorMessage(error, t, i18n.language));
    }
  };

  const details: [string, string][] = [
    [t('fuehrerschein.pruefung.pruefer'), pruefer],
    [t('fuehrerschein.pruefung.letzte'), formatDate(heute, i18n.language)],
    [
      t('fuehrerschein.pruefung.naechste'),
      formatDate(addCalendarMonths(heute, intervallMonate), i18n.language),
    ],
  ];

  return (
    <Modal
      opened={zeile !== null}
      onClose={close}
      title={t('fuehrerschein.pruefung.titel', { name: zeile?.benutzer.name ?? '' })}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack gap="md">
          <Stack gap={4} component="dl" m={0}>
            {details.map(([label, value]) => (
              <Group key={label} gap="xs" wrap="nowrap">
                <Text component="dt" size="sm" c="dimmed" w={130}>
                  {label}
                </Text>
                <Text component="dd" size="sm" fw={500} m={0}>
                  {value}
                </Text>
              </Group>
            ))}
          </Stack>
          <Select
            label={t('fuehrerschein.pruefung.methode')}
            data={[
              { value: PRUEFMETHODE_ORIGINAL, label: t('fuehrerschein.pruefung.methodeOriginal') },
              ...pruefmethoden.map((m) => ({ value: m, label: m })),
            ]}
            value={methode}
            onChange={(v) => setMethode(v ?? PRUEFMETHODE_ORIGINAL)}
            allowDeselect={false}
            data-autofocus
          />
          <Checkbox
            label={t('fuehrerschein.pruefung.originalGesehen')}
            description={t('fuehrerschein.pruefung.keineKopie')}
            checked={originalGesehen}
            onChange={(event) => setOriginalGesehen(event.currentTarget.checked)}
            error={originalFehler}
          />
          {fehler && (
            <Alert color="red" role="alert">
              {fehler}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={record.isPending}>
              {t('fuehrerschein.abbrechen')}
            </Button>
            <Button type="submit" loading={record.isPending}>
              {t('fuehrerschein.pruefung.speichern')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
