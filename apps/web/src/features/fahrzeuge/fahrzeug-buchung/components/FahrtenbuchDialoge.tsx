import {
  Alert,
  Button,
  Group,
  Modal,
  NativeSelect,
  NumberInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { DomainError, formatError } from '@stellwerk/domain/errors';
import type { TFahrtenbuchEintrag } from '@stellwerk/domain/fahrten/fahrtenbuch/api';
import { FAHRT_ARTEN, type FahrtArt } from '@stellwerk/domain/fahrten/fahrtenbuch/eintrag';
import { assertPasstInKette, type KilometerFahrt } from '@stellwerk/domain/fahrten/fahrtenbuch/kilometer';
import { berlinDateKey, berlinInstant, formatTimeDE } from '@stellwerk/domain/time';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../../lib/error-message';
import { formatDateTime } from '../../../../lib/format-date';
import { useHandEintrag, useNeueFassung } from '../api/fahrtenbuch-api';
import { useWaehlbareFahrer } from '../api/fahrzeug-buchung-api';

/** The kind of a trip in the UI language. */
export const artText = (t: TFunction, art: FahrtArt): string =>
  ({
    dienstlich: t('fahrtenbuch.art.dienstlich'),
    privat: t('fahrtenbuch.art.privat'),
    arbeitsweg: t('fahrtenbuch.art.arbeitsweg'),
  })[art];

type Angaben = { art: FahrtArt; ziel: string; zweck: string; partner: string; umweg: string; notiz: string };

function AngabenFelder({ werte, onChange }: { werte: Angaben; onChange: (next: Angaben) => void }) {
  const { t } = useTranslation();
  const feld = (name: Exclude<keyof Angaben, 'art'>) => (
    <TextInput
      label={t(`fahrtenbuch.feld.${name}`)}
      value={werte[name]}
      onChange={(ev) => onChange({ ...werte, [name]: ev.currentTarget.value })}
      withAsterisk={
        (werte.art === 'dienstlich' && ['ziel', 'zweck', 'partner'].includes(name)) ||
        (werte.art === 'arbeitsweg' && name === 'notiz')
      }
    />
  );
  return (
    <>
      <NativeSelect
        label={t('fahrtenbuch.feld.art')}
        value={werte.art}
        data={FAHRT_ARTEN.map((a) => ({ value: a, label: artText(t, a) }))}
        onChange={(ev) => onChange({ ...werte, art: ev.currentTarget.value as FahrtArt })}
      />
      {feld('ziel')}
      {feld('zweck')}
      {feld('partner')}
      {feld('umweg')}
      {feld('notiz')}
    </>
  );
}

const leerZuNull = (s: string) => (s.trim() === '' ? null : s.trim());

/**
 * "Complete / correct" (decision 062): a new version of the entry within the 7-day period. Filling empty fields
 * is an addition; changing a value is a correction and needs a reason. The earlier version stays.
 */
export function FassungDialog({
  fahrzeugId,
  eintrag,
  onClose,
}: {
  fahrzeugId: string;
  eintrag: TFahrtenbuchEintrag;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const isPhone = useMediaQuery('(max-width: 36em)');
  const e = eintrag.aktuell;
  const [werte, setWerte] = useState<Angaben>({
    art: e.art,
    ziel: e.ziel ?? '',
    zweck: e.zweck ?? '',
    partner: e.partner ?? '',
    umweg: e.umweg ?? '',
    notiz: e.notiz ?? '',
  });
  const [grund, setGrund] = useState('');
  const [kmBeginn, setKmBeginn] = useState<number | string>(e.kmBeginn);
  const [kmEnde, setKmEnde] = useState<number | string>(e.kmEnde);
  const speichern = useNeueFassung(fahrzeugId);
  /** A changed reading goes with the version (decision 092); an unchanged one is left out. */
  const km = (wert: number | string, bisher: number) =>
    typeof wert === 'number' && wert !== bisher ? wert : undefined;
  const kmGeaendert = km(kmBeginn, e.kmBeginn) !== undefined || km(kmEnde, e.kmEnde) !== undefined;
  return (
    <Modal opened onClose={onClose} title={t('fahrtenbuch.ergaenzenTitel')} fullScreen={isPhone} size="lg">
      <form
        onSubmit={(ev) => {
          ev.preventDefault();
          speichern.mutate(
            {
              eintragId: e.id,
              eingabe: {
                art: werte.art,
                ziel: leerZuNull(werte.ziel),
                zweck: leerZuNull(werte.zweck),
                partner: leerZuNull(werte.partner),
                umweg: leerZuNull(werte.umweg),
                notiz: leerZuNull(werte.notiz),
                grund: leerZuNull(grund),
                kmBeginn: km(kmBeginn, e.kmBeginn),
                kmEnde: km(kmEnde, e.kmEnde),
              },
            },
            { onSuccess: onClose },
          );
        }}
      >
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {t('fahrtenbuch.ergaenzenHinweis', {
              fahrt: `${formatDateTime(e.beginn, i18n.language)} · ${e.strecke} km`,
              bis: formatDateTime(eintrag.ergaenzbarBis, i18n.language),
            })}
          </Text>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <NumberInput
              label={t('fahrtenbuch.kmBeginn')}
              value={kmBeginn}
              onChange={setKmBeginn}
              min={0}
              allowDecimal={false}
            />
            <NumberInput
              label={t('fahrtenbuch.kmEnde')}
              value={kmEnde}
              onChange={setKmEnde}
              min={0}
              allowDecimal={false}
            />
          </SimpleGrid>
          {kmGeaendert && (
            <Text size="sm" data-testid="km-korrektur">
              {t('fahrtenbuch.kmKorrektur', {
                alt: `${e.kmBeginn.toLocaleString(i18n.language)} → ${e.kmEnde.toLocaleString(i18n.language)}`,
                neu: `${Number(kmBeginn).toLocaleString(i18n.language)} → ${Number(kmEnde).toLocaleString(i18n.language)}`,
              })}
            </Text>
          )}
          <AngabenFelder werte={werte} onChange={setWerte} />
          <TextInput
            label={t('fahrtenbuch.grundKorrektur')}
            withAsterisk={kmGeaendert}
            description={t('fahrtenbuch.grundKorrekturHinweis')}
            value={grund}
            onChange={(ev) => setGrund(ev.currentTarget.value)}
          />
          {speichern.error && (
            <Alert color="red" variant="light" role="alert">
              {errorMessage(speichern.error, t, i18n.language)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('fahrtenbuch.abbrechen')}
            </Button>
            <Button type="submit" loading={speichern.isPending}>
              {t('fahrtenbuch.speichern')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** What the "new entry" dialog starts with (a mileage gap proposes its readings and times). */
export type HandVorschlag = { kmBeginn?: number; kmEnde?: number; beginn?: string; ende?: string };

const tagZeit = (iso: string | undefined) =>
  iso ? { tag: berlinDateKey(new Date(iso)), zeit: formatTimeDE(new Date(iso)) } : { tag: '', zeit: '' };

/**
 * "New entry" (fleet managers, decision 062): a trip recorded by hand, complete, with a reason; it must fit the
 * mileage chain (the server answers with the reading it must start above or end below).
 */
export function HandEintragDialog({
  fahrzeugId,
  benutzerId,
  vorschlag,
  fahrten,
  onClose,
}: {
  fahrzeugId: string;
  benutzerId: string;
  vorschlag: HandVorschlag;
  /** The logbook's current trips: the entry is checked against them by the server's rule before it is sent. */
  fahrten: readonly KilometerFahrt[];
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const isPhone = useMediaQuery('(max-width: 36em)');
  const fahrer = useWaehlbareFahrer(true);
  const start = tagZeit(vorschlag.beginn);
  const ende = tagZeit(vorschlag.ende);
  const [beginnTag, setBeginnTag] = useState(start.tag);
  const [beginnZeit, setBeginnZeit] = useState(start.zeit);
  const [endeTag, setEndeTag] = useState(ende.tag);
  const [endeZeit, setEndeZeit] = useState(ende.zeit);
  const [kmBeginn, setKmBeginn] = useState<number | string>(vorschlag.kmBeginn ?? '');
  const [kmEnde, setKmEnde] = useState<number | string>(vorschlag.kmEnde ?? '');
  const [fahrerId, setFahrerId] = useState(benutzerId);
  const [grund, setGrund] = useState('');
  const [werte, setWerte] = useState<Angaben>({
    art: 'dienstlich',
    ziel: '',
    zweck: '',
    partner: '',
    umweg: '',
    notiz: '',
  });
  const [fehlt, setFehlt] = useState(false);
  const [kmFehler, setKmFehler] = useState<string | null>(null);
  const speichern = useHandEintrag(fahrzeugId);
  const personen = fahrer.data ?? [];
  const optionen = personen.some((p) => p.id === benutzerId)
    ? personen
    : [{ id: benutzerId, name: t('fahrtenbuch.ich') }, ...personen];
  return (
    <Modal opened onClose={onClose} title={t('fahrtenbuch.neuTitel')} fullScreen={isPhone} size="lg">
      <form
        onSubmit={(ev) => {
          ev.preventDefault();
          const ok =
            beginnTag &&
            beginnZeit &&
            endeTag &&
            endeZeit &&
            kmBeginn !== '' &&
            kmEnde !== '' &&
            grund.trim();
          setFehlt(!ok);
          setKmFehler(null);
          if (!ok) return;
          // the mileage chain's rule of the server (decision 092): above the last reading, below the next trip
          try {
            assertPasstInKette({
              fahrt: {
                id: '',
                beginn: berlinInstant(beginnTag, beginnZeit),
                ende: berlinInstant(endeTag, endeZeit),
                kmBeginn: Number(kmBeginn),
                kmEnde: Number(kmEnde),
              },
              fahrten,
            });
          } catch (err) {
            if (!(err instanceof DomainError)) throw err;
            setKmFehler(formatError(err.code, i18n.language === 'en' ? 'en' : 'de', err.params));
            return;
          }
          speichern.mutate(
            {
              art: werte.art,
              beginn: berlinInstant(beginnTag, beginnZeit).toISOString(),
              ende: berlinInstant(endeTag, endeZeit).toISOString(),
              kmBeginn: Number(kmBeginn),
              kmEnde: Number(kmEnde),
              fahrerId,
              grund: grund.trim(),
              ziel: leerZuNull(werte.ziel),
              zweck: leerZuNull(werte.zweck),
              partner: leerZuNull(werte.partner),
              umweg: leerZuNull(werte.umweg),
              notiz: leerZuNull(werte.notiz),
            },
            { onSuccess: onClose },
          );
        }}
      >
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {t('fahrtenbuch.neuHinweis')}
          </Text>
          <SimpleGrid cols={{ base: 2 }} spacing="xs">
            <TextInput
              type="date"
              label={t('fahrtenbuch.beginnTag')}
              value={beginnTag}
              onChange={(ev) => setBeginnTag(ev.currentTarget.value)}
              withAsterisk
            />
            <TextInput
              type="time"
              label={t('fahrtenbuch.beginnZeit')}
              value={beginnZeit}
              onChange={(ev) => setBeginnZeit(ev.currentTarget.value)}
              withAsterisk
            />
            <TextInput
              type="date"
              label={t('fahrtenbuch.endeTag')}
              value={endeTag}
              onChange={(ev) => setEndeTag(ev.currentTarget.value)}
              withAsterisk
            />
            <TextInput
              type="time"
              label={t('fahrtenbuch.endeZeit')}
              value={endeZeit}
              onChange={(ev) => setEndeZeit(ev.currentTarget.value)}
              withAsterisk
            />
            <NumberInput
              label={t('fahrtenbuch.kmBeginn')}
              value={kmBeginn}
              onChange={setKmBeginn}
              min={0}
              allowDecimal={false}
              withAsterisk
            />
            <NumberInput
              label={t('fahrtenbuch.kmEnde')}
              value={kmEnde}
              onChange={setKmEnde}
              min={0}
              allowDecimal={false}
              withAsterisk
            />
          </SimpleGrid>
          <NativeSelect
            label={t('fahrtenbuch.feld.fahrer')}
            value={fahrerId}
            data={optionen.map((p) => ({ value: p.id, label: p.name }))}
            onChange={(ev) => setFahrerId(ev.currentTarget.value)}
          />
          <AngabenFelder werte={werte} onChange={setWerte} />
          <TextInput
            label={t('fahrtenbuch.grundHand')}
            value={grund}
            onChange={(ev) => setGrund(ev.currentTarget.value)}
            withAsterisk
          />
          {fehlt && (
            <Alert color="red" variant="light" role="alert">
              {t('fahrtenbuch.pflichtfelder')}
            </Alert>
          )}
          {kmFehler && (
            <Alert color="red" variant="light" role="alert" data-testid="hand-km-fehler">
              {kmFehler}
            </Alert>
          )}
          {speichern.error && (
            <Alert color="red" variant="light" role="alert">
              {errorMessage(speichern.error, t, i18n.language)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('fahrtenbuch.abbrechen')}
            </Button>
            <Button type="submit" loading={speichern.isPending}>
              {t('fahrtenbuch.speichern')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
