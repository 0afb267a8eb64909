import {
  Alert,
  Button,
  Checkbox,
  Fieldset,
  Group,
  List,
  Modal,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { formatError } from '@stellwerk/domain/errors';
import type { TFahrverbotBuchung, TFuehrerscheinZeile } from '@stellwerk/domain/fahrzeuge/fuehrerschein/api';
import {
  BEFRISTETE_KLASSEN,
  FUEHRERSCHEIN_KLASSEN,
  type FuehrerscheinKlasse,
  fahrverbotZeitraumVerstoss,
} from '@stellwerk/domain/fahrzeuge/fuehrerschein/rules';
import { ZFuehrerscheinEingabe } from '@stellwerk/domain/fahrzeuge/fuehrerschein/schemas';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../../lib/error-message';
import { type FieldErrors, zodFieldErrors } from '../../../../lib/form-errors';
import { formatDateTime } from '../../../../lib/format-date';
import { useFahrverbotVorschau, useSaveFuehrerschein } from '../api/fuehrerscheine';

type Props = {
  zeile: TFuehrerscheinZeile;
  onClose: () => void;
  /** after saving: how many trips the driving ban cancelled */
  onSaved: (storniert: number) => void;
};

const leer = (s: string) => (s.trim() === '' ? null : s);

/**
 * The licence record of spec §3 (number, issue date, classes, restrictions, driving ban) with the optional
 * expiry days of the document and of the truck/bus classes. A driving ban first lists the trips it cancels;
 * saving then cancels them (with mails).
 */
function FuehrerscheinForm({ zeile, onClose, onSaved }: Props) {
  const { t, i18n } = useTranslation();
  const save = useSaveFuehrerschein();
  const vorschau = useFahrverbotVorschau();
  const fs = zeile.fuehrerschein;
  const [nummer, setNummer] = useState(fs?.fuehrerscheinnummer ?? '');
  const [ausstellung, setAusstellung] = useState(fs?.ausstellungsdatum ?? '');
  const [zusatzinfo, setZusatzinfo] = useState(fs?.zusatzinfo ?? '');
  const [klassen, setKlassen] = useState<FuehrerscheinKlasse[]>(
    FUEHRERSCHEIN_KLASSEN.filter((k) => fs?.klassen[k]),
  );
  const [ablauf, setAblauf] = useState<Partial<Record<FuehrerscheinKlasse, string>>>(
    Object.fromEntries(Object.entries(fs?.klassenAblauf ?? {}).filter(([, v]) => v)) as Partial<
      Record<FuehrerscheinKlasse, string>
    >,
  );
  const [dokumentAblauf, setDokumentAblauf] = useState(fs?.dokumentAblauf ?? '');
  const [fahrverbot, setFahrverbot] = useState(fs?.fahrverbot ?? false);
  const [von, setVon] = useState(fs?.fahrverbotVon ?? '');
  const [bis, setBis] = useState(fs?.fahrverbotBis ?? '');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [fehler, setFehler] = useState<string | null>(null);
  const [betroffen, setBetroffen] = useState<TFahrverbotBuchung[] | null>(null);
  const language = i18n.language === 'en' ? 'en' : 'de';

  const eingabe = () => ({
    fuehrerscheinnummer: leer(nummer),
    ausstellungsdatum: leer(ausstellung),
    zusatzinfo: leer(zusatzinfo),
    fahrverbot,
    fahrverbotVon: leer(von),
    fahrverbotBis: leer(bis),
    klassen: Object.fromEntries(FUEHRERSCHEIN_KLASSEN.map((k) => [k, klassen.includes(k)])),
    klassenAblauf: Object.fromEntries(
      BEFRISTETE_KLASSEN.filter((k) => klassen.includes(k) && ablauf[k]).map((k) => [k, ablauf[k]]),
    ),
    dokumentAblauf: leer(dokumentAblauf),
  });

  const submit = async (bestaetigt: boolean) => {
    const checked = zodFieldErrors(ZFuehrerscheinEingabe, eingabe(), t);
    if (checked.errors) {
      setErrors(checked.errors);
      return;
    }
    const reihenfolge = fahrverbotZeitraumVerstoss(checked.data);
    if (reihenfolge) {
      setErrors({ fahrverbotBis: formatError(reihenfolge.code, language, reihenfolge.params) });
      return;
    }
    setErrors({});
    setFehler(null);
    try {
      if (checked.data.fahrverbot && !bestaetigt) {
        const liste = await vorschau.mutateAsync({
          benutzerId: zeile.benutzer.id,
          input: {
            fahrverbot: true,
            fahrverbotVon: checked.data.fahrverbotVon,
            fahrverbotBis: checked.data.fahrverbotBis,
          },
        });
        if (liste.length > 0) {
          setBetroffen(liste);
          return;
        }
      }
      const result = await save.mutateAsync({ benutzerId: zeile.benutzer.id, input: checked.data });
      onSaved(result.storniert.length);
    } catch (error) {
      setFehler(errorMessage(error, t, i18n.language));
    }
  };

  const pending = save.isPending || vorschau.isPending;

  if (betroffen)
    return (
      <Stack gap="md">
        <Alert color="orange" title={t('fuehrerschein.daten.vorschauTitel')} role="status">
          {t('fuehrerschein.daten.vorschauText')}
        </Alert>
        <List spacing={4} size="sm" aria-label={t('fuehrerschein.daten.vorschauTitel')}>
          {betroffen.map((b) => (
            <List.Item key={b.id}>
              {b.fahrzeug} ({b.kennzeichen}), {formatDateTime(b.von, i18n.language)} –{' '}
              {formatDateTime(b.bis, i18n.language)} ·{' '}
              {t('fuehrerschein.daten.gebuchtVon', { name: b.buchender })}
            </List.Item>
          ))}
        </List>
        {fehler && (
          <Alert color="red" role="alert">
            {fehler}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setBetroffen(null)} disabled={pending}>
            {t('fuehrerschein.zurueck')}
          </Button>
          <Button color="red" loading={pending} onClick={() => void submit(true)}>
            {t('fuehrerschein.daten.stornierenUndSpeichern', { count: betroffen.length })}
          </Button>
        </Group>
      </Stack>
    );

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit(false);
      }}
    >
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t('fuehrerschein.daten.nummer')}
            value={nummer}
            onChange={(e) => setNummer(e.currentTarget.value)}
            maxLength={50}
            error={errors.fuehrerscheinnummer}
            data-autofocus
          />
          <TextInput
            type="date"
            label={t('fuehrerschein.daten.ausstellungsdatum')}
            value={ausstellung}
            onChange={(e) => setAusstellung(e.currentTarget.value)}
            error={errors.ausstellungsdatum}
          />
        </SimpleGrid>
        <Checkbox.Group
          label={t('fuehrerschein.daten.klassen')}
          value={klassen}
          onChange={(v) => setKlassen(v as FuehrerscheinKlasse[])}
        >
          <Group gap="sm" mt={6}>
            {FUEHRERSCHEIN_KLASSEN.map((k) => (
              <Checkbox key={k} value={k} label={k} />
            ))}
          </Group>
        </Checkbox.Group>
        {BEFRISTETE_KLASSEN.some((k) => klassen.includes(k)) && (
          <Fieldset legend={t('fuehrerschein.daten.klassenAblauf')} variant="filled">
            <Text size="xs" c="dimmed" mb="xs">
              {t('fuehrerschein.daten.klassenAblaufHint')}
            </Text>
            <SimpleGrid cols={{ base: 2, sm: 4 }}>
              {BEFRISTETE_KLASSEN.filter((k) => klassen.includes(k)).map((k) => (
                <TextInput
                  key={k}
                  type="date"
                  label={t('fuehrerschein.daten.gueltigBisKlasse', { klasse: k })}
                  value={ablauf[k] ?? ''}
                  onChange={(e) => {
                    const value = e.currentTarget.value;
                    setAblauf((a) => ({ ...a, [k]: value }));
                  }}
                  error={errors[`klassenAblauf.${k}`]}
                />
              ))}
            </SimpleGrid>
          </Fieldset>
        )}
        <TextInput
          type="date"
          label={t('fuehrerschein.daten.dokumentAblauf')}
          description={t('fuehrerschein.daten.dokumentAblaufHint')}
          value={dokumentAblauf}
          onChange={(e) => setDokumentAblauf(e.currentTarget.value)}
          error={errors.dokumentAblauf}
        />
        <Textarea
          label={t('fuehrerschein.daten.zusatzinfo')}
          value={zusatzinfo}
          onChange={(e) => setZusatzinfo(e.currentTarget.value)}
          maxLength={2000}
          autosize
          minRows={2}
          error={errors.zusatzinfo}
        />
        <Fieldset legend={t('fuehrerschein.daten.fahrverbot')} variant="filled">
          <Stack gap="xs">
            <Switch
              label={t('fuehrerschein.daten.fahrverbotAn')}
              checked={fahrverbot}
              onChange={(e) => setFahrverbot(e.currentTarget.checked)}
            />
            {fahrverbot && (
              <>
                <SimpleGrid cols={{ base: 1, sm: 2 }}>
                  <TextInput
                    type="date"
                    label={t('fuehrerschein.daten.fahrverbotVon')}
                    value={von}
                    onChange={(e) => setVon(e.currentTarget.value)}
                    error={errors.fahrverbotVon}
                  />
                  <TextInput
                    type="date"
                    label={t('fuehrerschein.daten.fahrverbotBis')}
                    value={bis}
                    onChange={(e) => setBis(e.currentTarget.value)}
                    error={errors.fahrverbotBis}
                  />
                </SimpleGrid>
                <Text size="xs" c="dimmed">
                  {t('fuehrerschein.daten.fahrverbotHint')}
                </Text>
              </>
            )}
          </Stack>
        </Fieldset>
        {fehler && (
          <Alert color="red" role="alert">
            {fehler}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={pending}>
            {t('fuehrerschein.abbrechen')}
          </Button>
          <Button type="submit" loading={pending}>
            {t('fuehrerschein.daten.speichern')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function FuehrerscheinDialog({
  zeile,
  onClose,
  onSaved,
}: Omit<Props, 'zeile'> & { zeile: TFuehrerscheinZeile | null }) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={zeile !== null}
      onClose={onClose}
      size="lg"
      title={t('fuehrerschein.daten.titel', { name: zeile?.benutzer.name ?? '' })}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {zeile && (
        <FuehrerscheinForm key={zeile.benutzer.id} zeile={zeile} onClose={onClose} onSaved={onSaved} />
      )}
    </Modal>
  );
}
