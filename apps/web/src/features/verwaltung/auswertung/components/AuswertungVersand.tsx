import { Button, Group, Modal, MultiSelect, Select, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { AUSWERTUNG_RHYTHMEN } from '@stellwerk/domain/verwaltung/auswertung/versand';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../../components/ErrorAlert';
import { useEmpfaenger, useSetVersand, useVersandEinstellungen } from '../api/auswertung-api';

/**
 * The rhythm dialog (decision 247): the evaluation mailed weekly or monthly to people who may see it. Saves the two
 * tenant settings AuswertungMailRhythmus and AuswertungMailEmpfaenger; for the tenant-settings administrator.
 */
export function AuswertungVersand() {
  const { t } = useTranslation();
  const [offen, setOffen] = useState(false);
  const gespeichert = useVersandEinstellungen(offen);
  const empfaenger = useEmpfaenger(offen);
  const speichern = useSetVersand();
  const [rhythmus, setRhythmus] = useState<string | null>(null);
  const [adressen, setAdressen] = useState<string[] | null>(null);
  const aktuellerRhythmus = rhythmus ?? gespeichert.data?.rhythmus ?? 'aus';
  const aktuelleAdressen = adressen ?? gespeichert.data?.empfaenger ?? [];
  const schliessen = () => {
    setOffen(false);
    setRhythmus(null);
    setAdressen(null);
  };
  const sichern = async () => {
    await speichern.mutateAsync({ rhythmus: aktuellerRhythmus, empfaenger: aktuelleAdressen });
    notifications.show({ color: 'green', message: t('auswertung.versand.gespeichert') });
    schliessen();
  };
  const fehler = gespeichert.error ?? empfaenger.error;
  const rhythmen = {
    aus: t('auswertung.versand.rhythmen.aus'),
    woechentlich: t('auswertung.versand.rhythmen.woechentlich'),
    monatlich: t('auswertung.versand.rhythmen.monatlich'),
  };
  return (
    <>
      <Button variant="default" onClick={() => setOffen(true)}>
        {t('auswertung.versand.oeffnen')}
      </Button>
      <Modal
        opened={offen}
        onClose={schliessen}
        title={t('auswertung.versand.titel')}
        size="lg"
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        <Stack gap="md">
          <Text size="sm">{t('auswertung.versand.text')}</Text>
          {fehler && <ErrorAlert error={fehler} />}
          <Select
            label={t('auswertung.versand.rhythmus')}
            value={aktuellerRhythmus}
            onChange={(v) => v && setRhythmus(v)}
            allowDeselect={false}
            data={AUSWERTUNG_RHYTHMEN.map((r) => ({
              value: r,
              label: rhythmen[r],
            }))}
          />
          <MultiSelect
            label={t('auswertung.versand.empfaenger')}
            description={t('auswertung.versand.empfaengerHinweis')}
            searchable
            value={aktuelleAdressen}
            onChange={setAdressen}
            data={(empfaenger.data ?? []).map((p) => ({
              value: p.email.toLowerCase(),
              label: `${p.name} (${p.email})`,
            }))}
            nothingFoundMessage={t('auswertung.versand.keine')}
          />
          {speichern.isError && <ErrorAlert error={speichern.error} />}
          <Group justify="flex-end">
            <Button variant="default" onClick={schliessen}>
              {t('customizing.cancel')}
            </Button>
            <Button onClick={() => void sichern()} loading={speichern.isPending} disabled={!gespeichert.data}>
              {t('customizing.save')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
