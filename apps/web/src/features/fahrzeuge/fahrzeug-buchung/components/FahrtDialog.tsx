import {
  Alert,
  Button,
  Card,
  Checkbox,
  FileInput,
  Group,
  Modal,
  NumberInput,
  Progress,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { formatError, isErrorCode } from '@stellwerk/domain/errors';
import type { TCheckInVorlage } from '@stellwerk/domain/fahrten/fahrtenbuch/api';
import { FAHRT_ARTEN, type FahrtArt } from '@stellwerk/domain/fahrten/fahrtenbuch/eintrag';
import { SCHADEN_ORTE } from '@stellwerk/domain/fahrten/fahrtenbuch/fahrt-schritt';
import type { TFahrzeugBuchung } from '@stellwerk/domain/fahrzeuge/fahrzeug-buchung/api';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../../components/ErrorAlert';
import { LoadingState } from '../../../../components/LoadingState';
import { MissingFieldsAlert } from '../../../../components/MissingFieldsAlert';
import { ApiError } from '../../../../lib/api-client';
import { requiredMarker } from '../../../../lib/form-errors';
import { type FahrtSchrittArt, useCheckInVorlage, useFahrtSchritt } from '../api/fahrzeug-buchung-api';
import { useSchadenOrte } from '../hooks/schaden-orte';
import { SchadenKarte } from './SchadenKarte';

/** The translated name of each place and trip kind (literal keys, so the i18n check finds them). */
const useNamen = () => {
  const { t } = useTranslation();
  const ort = useSchadenOrte();
  const fahrtArt: Record<FahrtArt, string> = {
    dienstlich: t('fahrzeugBuchung.fahrt.arten.dienstlich'),
    privat: t('fahrzeugBuchung.fahrt.arten.privat'),
    arbeitsweg: t('fahrzeugBuchung.fahrt.arten.arbeitsweg'),
  };
  return { ort, fahrtArt };
};

const BELEG_TYPEN = 'image/png,image/jpeg,application/pdf';
const FOTO_TYPEN = 'image/png,image/jpeg';

type SchadenForm = {
  ort: string | null;
  beschreibung: string;
  sicherheitsrelevant: boolean;
  foto: File | null;
};

/** The server's refusal at the field it concerns (decision 064); null when it belongs to the form. */
const feldDesFehlers = (error: unknown): string | null => {
  if (!(error instanceof ApiError) || !error.code) return null;
  switch (error.code) {
    case 'fahrzeug.kilometerstand_zu_klein':
    case 'fahrtenbuch.kilometer_unter_beginn':
    case 'fahrtenbuch.kilometer_ungueltig':
      return 'kilometerstand';
    case 'fahrzeug.tankfuellung_ungueltig':
      return 'tankfuellung';
    case 'fahrzeug.reinigungszustand_ungueltig':
      return error.params?.art === 'Innen' ? 'sauberkeitInnen' : 'sauberkeitAussen';
    case 'fahrt.abstellplatz_ungueltig':
    case 'fahrt.abstellplatz_keine':
      return 'abstellplatz';
    default:
      return error.code.startsWith('upload.') || error.code === 'fahrt.zu_viele_dateien' ? 'belege' : null;
  }
};

function Formular({
  buchung,
  art,
  vorlage,
  onDone,
  onClose,
}: {
  buchung: TFahrzeugBuchung;
  art: FahrtSchrittArt;
  vorlage: TCheckInVorlage;
  onDone: () => void;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const sprache = i18n.language === 'en' ? 'en' : 'de';
  const namen = useNamen();
  const [fortschritt, setFortschritt] = useState(0);
  const schritt = useFahrtSchritt(buchung.id, art, setFortschritt);
  const [kilometerstand, setKilometerstand] = useState<number | string>(vorlage.kilometerstand ?? '');
  const [tankfuellung, setTankfuellung] = useState<number | string>('');
  const [innen, setInnen] = useState<string | null>(null);
  const [aussen, setAussen] = useState<string | null>(null);
  const [abstellplatz, setAbstellplatz] = useState<string | null>(null);
  const [schaeden, setSchaeden] = useState<SchadenForm[]>([]);
  const [belege, setBelege] = useState<File[]>([]);
  const [fahrtArt, setFahrtArt] = useState<FahrtArt>('dienstlich');
  const [ziel, setZiel] = useState(buchung.zielAdresse ?? '');
  const [zweck, setZweck] = useState(buchung.anlass ?? '');
  const [partner, setPartner] = useState('');
  const [umweg, setUmweg] = useState('');
  const [notiz, setNotiz] = useState('');
  const [fehler, setFehler] = useState<Record<string, string>>({});

  const checkOut = art === 'check-out';
  const pflicht = requiredMarker(t);
  const serverFeld = feldDesFehlers(schritt.error);
  const serverText =
    schritt.error instanceof ApiError && schritt.error.code && isErrorCode(schritt.error.code)
      ? formatError(schritt.error.code, sprache, schritt.error.params)
      : null;
  const feldFehler = (feld: string) => fehler[feld] ?? (serverFeld === feld ? serverText : null);

  const pruefe = (): Record<string, string> => {
    const f: Record<string, string> = {};
    const km = typeof kilometerstand === 'number' ? kilometerstand : Number.NaN;
    if (kilometerstand === '') f.kilometerstand = pflicht;
    // check-in: above the last reading; check-out: not below the check-in's (0 km is a trip), decision 092
    else if (vorlage.kilometerstand !== null && !checkOut && km <= vorlage.kilometerstand)
      f.kilometerstand = formatError('fahrzeug.kilometerstand_zu_klein', sprache, {
        value: vorlage.kilometerstand,
      });
    else if (vorlage.kilometerstand !== null && checkOut && km < vorlage.kilometerstand)
      f.kilometerstand = formatError('fahrtenbuch.kilometer_unter_beginn', sprache, {
        value: vorlage.kilometerstand,
      });
    if (tankfuellung === '') f.tankfuellung = pflicht;
    else if (typeof tankfuellung !== 'number' || tankfuellung < 0 || tankfuellung > 100)
      f.tankfuellung = formatError('fahrzeug.tankfuellung_ungueltig', sprache);
    if (!innen) f.sauberkeitInnen = pflicht;
    if (!aussen) f.sauberkeitAussen = pflicht;
    if (checkOut && vorlage.abstellplaetze.length > 0 && !abstellplatz) f.abstellplatz = pflicht;
    schaeden.forEach((s, i) => {
      if (!s.ort) f[`schaden.${i}.ort`] = pflicht;
      if (s.beschreibung.trim() === '') f[`schaden.${i}.beschreibung`] = pflicht;
    });
    if (checkOut && fahrtArt === 'dienstlich') {
      if (ziel.trim() === '') f.ziel = pflicht;
      if (zweck.trim() === '') f.zweck = pflicht;
    }
    if (checkOut && fahrtArt === 'arbeitsweg' && notiz.trim() === '') f.notiz = pflicht;
    return f;
  };

  const submit = () => {
    const f = pruefe();
    setFehler(f);
    if (Object.keys(f).length > 0) return;
    setFortschritt(0);
    const basis = {
      kilometerstand: Number(kilometerstand),
      tankfuellung: Number(tankfuellung),
      sauberkeitInnen: innen ?? '',
      sauberkeitAussen: aussen ?? '',
      abstellplatz,
      schaeden: schaeden.map((s) => ({
        ort: s.ort ?? '',
        beschreibung: s.beschreibung.trim(),
        sicherheitsrelevant: s.sicherheitsrelevant,
      })),
    };
    const daten = checkOut
      ? {
          ...basis,
          fahrt: {
            art: fahrtArt,
            ziel: fahrtArt === 'dienstlich' ? ziel : null,
            zweck: fahrtArt === 'dienstlich' ? zweck : null,
            partner: fahrtArt === 'dienstlich' ? partner : null,
            umweg: fahrtArt === 'dienstlich' ? umweg : null,
            notiz: fahrtArt === 'arbeitsweg' ? notiz : null,
          },
        }
      : basis;
    const schadenFotos = new Map<number, File>();
    schaeden.forEach((s, i) => {
      if (s.foto) schadenFotos.set(i, s.foto);
    });
    schritt.mutate({ daten, dateien: { belege, schadenFotos } }, { onSuccess: onDone });
  };

  const setSchaden = (i: number, patch: Partial<SchadenForm>) =>
    setSchaeden((alle) => alle.map((s, j) => (j === i ? { ...s, ...patch } : s)));
  const ortOptionen = SCHADEN_ORTE.map((o) => ({ value: o, label: namen.ort[o] }));
  const zustaende = vorlage.reinigungszustaende.map((z) => ({ value: z, label: z }));

  return (
    <Stack gap="sm">
      {vorlage.vorherigeOffen && !checkOut && (
        <Alert color={vorlage.vorCheckOutAkzeptieren ? 'yellow' : 'red'}>
          {vorlage.vorCheckOutAkzeptieren
            ? t('fahrzeugBuchung.fahrt.vorherigeOffenNachtragen')
            : formatError('fahrt.vorbuchung_nicht_ausgecheckt', sprache)}
        </Alert>
      )}
      {vorlage.offeneSchaeden.length > 0 && (
        <section aria-labelledby="offene-schaeden">
          <Title order={3} size="h5" id="offene-schaeden" mb={4}>
            {t('fahrzeugBuchung.fahrt.offeneSchaeden', { count: vorlage.offeneSchaeden.length })}
          </Title>
          <Stack gap={6}>
            {vorlage.offeneSchaeden.map((s) => (
              <SchadenKarte key={s.id} schaden={s} />
            ))}
          </Stack>
        </section>
      )}
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <NumberInput
          label={t('fahrzeugBuchung.fahrt.kilometerstand')}
          description={
            vorlage.kilometerstand !== null
              ? t('fahrzeugBuchung.fahrt.letzterStand', { km: vorlage.kilometerstand })
              : undefined
          }
          value={kilometerstand}
          onChange={setKilometerstand}
          min={0}
          allowDecimal={false}
          allowNegative={false}
          thousandSeparator={false}
          inputMode="numeric"
          withAsterisk
          error={feldFehler('kilometerstand')}
        />
        <NumberInput
          label={
            vorlage.elektro ? t('fahrzeugBuchung.fahrt.ladung') : t('fahrzeugBuchung.fahrt.tankfuellung')
          }
          value={tankfuellung}
          onChange={setTankfuellung}
          suffix=" %"
          allowDecimal={false}
          inputMode="numeric"
          withAsterisk
          error={feldFehler('tankfuellung')}
        />
        <Select
          label={t('fahrzeugBuchung.fahrt.sauberkeitInnen')}
          data={zustaende}
          value={innen}
          onChange={setInnen}
          withAsterisk
          error={feldFehler('sauberkeitInnen')}
        />
        <Select
          label={t('fahrzeugBuchung.fahrt.sauberkeitAussen')}
          data={zustaende}
          value={aussen}
          onChange={setAussen}
          withAsterisk
          error={feldFehler('sauberkeitAussen')}
        />
        {vorlage.abstellplaetze.length > 0 && (
          <Select
            label={t('fahrzeugBuchung.fahrt.abstellplatz')}
            data={vorlage.abstellplaetze}
            value={abstellplatz}
            onChange={setAbstellplatz}
            clearable={!checkOut}
            withAsterisk={checkOut}
            error={feldFehler('abstellplatz')}
          />
        )}
      </SimpleGrid>

      <section aria-labelledby="neue-schaeden">
        <Title order={3} size="h5" id="neue-schaeden" mb={4}>
          {checkOut
            ? t('fahrzeugBuchung.fahrt.schaedenCheckOut')
            : t('fahrzeugBuchung.fahrt.schaedenCheckIn')}
        </Title>
        <Stack gap="xs">
          {schaeden.map((s, i) => (
            <Card
              // biome-ignore lint/suspicious/noArrayIndexKey: the damages have no id before they are sent
              key={i}
              withBorder
              padding="xs"
              component="fieldset"
              aria-label={t('fahrzeugBuchung.fahrt.schadenNr', { nr: i + 1 })}
            >
              <Stack gap={6}>
                <Select
                  label={t('fahrzeugBuchung.fahrt.schadenOrt')}
                  data={ortOptionen}
                  value={s.ort}
                  onChange={(v) => setSchaden(i, { ort: v })}
                  withAsterisk
                  error={fehler[`schaden.${i}.ort`]}
                />
                <Textarea
                  label={t('fahrzeugBuchung.fahrt.schadenBeschreibung')}
                  value={s.beschreibung}
                  onChange={(e) => setSchaden(i, { beschreibung: e.currentTarget.value })}
                  maxLength={2000}
                  autosize
                  minRows={2}
                  withAsterisk
                  error={fehler[`schaden.${i}.beschreibung`]}
                />
                <Checkbox
                  label={t('fahrzeugBuchung.fahrt.sicherheitsrelevantFrage')}
                  description={t('fahrzeugBuchung.fahrt.sicherheitsrelevantHinweis')}
                  checked={s.sicherheitsrelevant}
                  onChange={(e) => setSchaden(i, { sicherheitsrelevant: e.currentTarget.checked })}
                />
                <FileInput
                  label={t('fahrzeugBuchung.fahrt.schadenFoto')}
                  accept={FOTO_TYPEN}
                  value={s.foto}
                  onChange={(f) => setSchaden(i, { foto: f })}
                  clearable
                  capture="environment"
                  placeholder={t('fahrzeugBuchung.fahrt.dateiWaehlen')}
                />
                <Group justify="flex-end">
                  <Button
                    size="xs"
                    variant="subtle"
                    color="red"
                    onClick={() => setSchaeden((alle) => alle.filter((_, j) => j !== i))}
                  >
                    {t('fahrzeugBuchung.fahrt.schadenEntfernen')}
                  </Button>
                </Group>
              </Stack>
            </Card>
          ))}
          <Button
            variant="default"
            size="sm"
            onClick={() =>
              setSchaeden((alle) => [
                ...alle,
                { ort: null, beschreibung: '', sicherheitsrelevant: false, foto: null },
              ])
            }
          >
            {t('fahrzeugBuchung.fahrt.schadenHinzufuegen')}
          </Button>
        </Stack>
      </section>

      <FileInput
        label={t('fahrzeugBuchung.fahrt.belege')}
        description={t('fahrzeugBuchung.fahrt.belegeHinweis')}
        accept={BELEG_TYPEN}
        value={belege[0] ?? null}
        onChange={(file) => setBelege(file ? [file] : [])}
        clearable
        placeholder={t('fahrzeugBuchung.fahrt.dateiWaehlen')}
        error={feldFehler('belege')}
      />

      {checkOut && (
        <section aria-labelledby="fahrt-angaben">
          <Title order={3} size="h5" id="fahrt-angaben" mb={4}>
            {t('fahrzeugBuchung.fahrt.fahrtenbuch')}
          </Title>
          <Stack gap={6}>
            <Text size="sm" id="fahrt-art-label">
              {t('fahrzeugBuchung.fahrt.art')}
            </Text>
            <SegmentedControl
              aria-labelledby="fahrt-art-label"
              fullWidth
              value={fahrtArt}
              onChange={(v) => setFahrtArt(v as FahrtArt)}
              data={FAHRT_ARTEN.map((a) => ({ value: a, label: namen.fahrtArt[a] }))}
            />
            {fahrtArt === 'dienstlich' && (
              <>
                <TextInput
                  label={t('fahrzeugBuchung.fahrt.ziel')}
                  value={ziel}
                  onChange={(e) => setZiel(e.currentTarget.value)}
                  withAsterisk
                  maxLength={500}
                  error={fehler.ziel}
                />
                <TextInput
                  label={t('fahrzeugBuchung.fahrt.zweck')}
                  value={zweck}
                  onChange={(e) => setZweck(e.currentTarget.value)}
                  withAsterisk
                  maxLength={500}
                  error={fehler.zweck}
                />
                <TextInput
                  label={t('fahrzeugBuchung.fahrt.partner')}
                  description={t('fahrzeugBuchung.fahrt.partnerHinweis')}
                  value={partner}
                  onChange={(e) => setPartner(e.currentTarget.value)}
                  maxLength={500}
                />
                <TextInput
                  label={t('fahrzeugBuchung.fahrt.umweg')}
                  value={umweg}
                  onChange={(e) => setUmweg(e.currentTarget.value)}
                  maxLength={500}
                />
              </>
            )}
            {fahrtArt === 'arbeitsweg' && (
              <TextInput
                label={t('fahrzeugBuchung.fahrt.notiz')}
                value={notiz}
                onChange={(e) => setNotiz(e.currentTarget.value)}
                withAsterisk
                maxLength={500}
                error={fehler.notiz}
              />
            )}
            {fahrtArt === 'privat' && (
              <Text size="sm" c="dimmed">
                {t('fahrzeugBuchung.fahrt.privatHinweis')}
              </Text>
            )}
          </Stack>
        </section>
      )}

      <MissingFieldsAlert errors={fehler} />
      {schritt.error && serverFeld === null && <ErrorAlert error={schritt.error} />}
      {schritt.isPending && (belege.length > 0 || schaeden.some((s) => s.foto)) && (
        <Progress value={fortschritt} aria-label={t('fahrzeugBuchung.fahrt.hochladen')} animated />
      )}
      <Group justify="flex-end" gap="xs">
        <Button variant="default" onClick={onClose}>
          {t('fahrzeugBuchung.dialog.abbrechen')}
        </Button>
        <Button onClick={submit} loading={schritt.isPending}>
          {checkOut ? t('fahrzeugBuchung.fahrt.checkOut') : t('fahrzeugBuchung.fahrt.checkIn')}
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * The check-in and check-out dialog (decision 064), full screen on a phone: mileage proposed from the
 * last reading, fuel or charge, cleanliness inside and outside from the tenant's list, the parking spot, the
 * vehicle's open damages with photos (what was already there), new damages with place, description, safety flag
 * and photo, receipts; at check-out the trip for the logbook by its kind. One request with upload progress;
 * the server's refusal is shown at its field.
 */
export function FahrtDialog({
  buchung,
  art,
  onClose,
}: {
  buchung: TFahrzeugBuchung | null;
  art: FahrtSchrittArt;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const isPhone = useMediaQuery('(max-width: 36em)');
  const vorlage = useCheckInVorlage(buchung?.id);
  const name = buchung
    ? `${buchung.fahrzeug.marke} ${buchung.fahrzeug.modell} · ${buchung.fahrzeug.kennzeichen}`
    : '';
  return (
    <Modal
      opened={buchung !== null}
      onClose={onClose}
      size="lg"
      fullScreen={Boolean(isPhone)}
      title={
        art === 'check-in'
          ? t('fahrzeugBuchung.fahrt.titelCheckIn', { name })
          : t('fahrzeugBuchung.fahrt.titelCheckOut', { name })
      }
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {vorlage.isPending && buchung && <LoadingState rows={6} />}
      {vorlage.error && <ErrorAlert error={vorlage.error} onRetry={() => void vorlage.refetch()} />}
      {buchung && vorlage.data && (
        <Formular
          key={`${buchung.id}-${art}`}
          buchung={buchung}
          art={art}
          vorlage={vorlage.data}
          onDone={onClose}
          onClose={onClose}
        />
      )}
    </Modal>
  );
}
