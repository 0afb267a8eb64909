import '@mantine/dates/styles.css';
import 'dayjs/locale/de';
import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Modal,
  MultiSelect,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { parseTagEingabe } from '@stellwerk/domain/date-input';
import { formatError, type RuleViolation } from '@stellwerk/domain/errors';
import type { TFahrzeugBuchung, TFahrzeugDetail } from '@stellwerk/domain/fahrzeuge/fahrzeug-buchung/api';
import { addCalendarDays, berlinDateKey } from '@stellwerk/domain/time';
import { booleanCustomizing, type ResolvedCustomizing } from '@stellwerk/domain/verwaltung/customizing';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../../components/ErrorAlert';
import { LoadingState } from '../../../../components/LoadingState';
import { ApiError } from '../../../../lib/api-client';
import { errorMessage } from '../../../../lib/error-message';
import {
  useFahrzeug,
  useMoeglicheFreigeber,
  useSpeichereBuchung,
  useWaehlbareFahrer,
} from '../api/fahrzeug-buchung-api';
import { instantAus, tagUndZeit, zeitraumText } from '../hooks/zeit-felder';
import {
  endOptionen,
  type RegelKontext,
  regelKontext,
  startOptionen,
  zeitraumPruefung,
} from '../hooks/zeitwahl';
import { BuchungsHinweise } from './BuchungsHinweise';
import { FreigeberStand } from './FreigeberStand';
import { ZeitSelect } from './ZeitSelect';

export type BuchungsDialogProps = {
  /** open for this vehicle; undefined = closed */
  fahrzeugId: string | undefined;
  /** the period to start with (the list's filter or the timeline's drag) */
  von?: string;
  bis?: string;
  /** the booking being changed; null = a new booking */
  buchung: TFahrzeugBuchung | null;
  settings: ResolvedCustomizing;
  benutzerId: string;
  /** the user holds fahrzeug_fremdbuchung: a driver may be chosen */
  darfFuerAndere: boolean;
  onClose: () => void;
};

/** Refreshes "now" every minute, so times that pass while the dialog is open are no longer offered. */
const useJetzt = () => {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
};

/** Which field a refusal of the server belongs to. */
type Feld = 'zeit' | 'fahrer' | 'freigeber' | null;
const feldVon = (error: unknown): Feld => {
  if (!(error instanceof ApiError) || !error.code) return null;
  if (error.code.startsWith('fuehrerschein.') || error.code === 'fahrzeug_buchung.fremdbuchung_nicht_erlaubt')
    return 'fahrer';
  if (error.code.startsWith('fahrzeug_buchung.freigeber')) return 'freigeber';
  if (error.code.startsWith('fahrzeug_buchung.')) return 'zeit';
  return null;
};

/** The first allowed start from `tag` on (up to two weeks ahead), as the dialog's suggestion. */
const ersterStart = (tag: string, kontext: RegelKontext): string | null => {
  for (let i = 0; i < 14; i++) {
    const frei = startOptionen({ tag: addCalendarDays(tag, i), kontext }).find((o) => o.erlaubt);
    if (frei) return frei.value;
  }
  return null;
};

function Formular({
  fahrzeug,
  von: vonStart,
  bis: bisStart,
  buchung,
  settings,
  benutzerId,
  darfFuerAndere,
  onClose,
}: Omit<BuchungsDialogProps, 'fahrzeugId'> & { fahrzeug: TFahrzeugDetail }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language === 'en' ? 'en' : 'de';
  const now = useJetzt();
  const speichern = useSpeichereBuchung();
  const kontext = useMemo(
    () => regelKontext({ fahrzeug, settings, now, buchung }),
    [fahrzeug, settings, now, buchung],
  );
  const heute = berlinDateKey(now);

  const [von, setVon] = useState<string | null>(() => {
    const start = buchung?.von ?? vonStart;
    return start ? new Date(start).toISOString() : ersterStart(heute, kontext);
  });
  const [bis, setBis] = useState<string | null>(() => {
    const ende = buchung?.bis ?? bisStart;
    if (ende) return new Date(ende).toISOString();
    if (!von) return null;
    const eineStunde = new Date(Date.parse(von) + 3_600_000).toISOString();
    const ends = endOptionen({ von: new Date(von), tag: tagUndZeit(von).tag, kontext });
    return (
      ends.find((o) => o.value === eineStunde && o.erlaubt)?.value ??
      ends.find((o) => o.erlaubt)?.value ??
      null
    );
  });
  const [vonTag, setVonTag] = useState<string>(() => (von ? tagUndZeit(von).tag : heute));
  const [bisTag, setBisTag] = useState<string>(() => (bis ? tagUndZeit(bis).tag : vonTag));
  const [anlass, setAnlass] = useState(buchung?.anlass ?? '');
  const [zielAdresse, setZielAdresse] = useState(buchung?.zielAdresse ?? '');
  const [zielPerson, setZielPerson] = useState(buchung?.zielPerson ?? '');
  const [umweg, setUmweg] = useState(buchung?.umweg ?? '');
  const [informationstext, setInformationstext] = useState(buchung?.informationstext ?? '');
  const [mitfahrer, setMitfahrer] = useState<string[]>(buchung?.mitfahrer.map((m) => m.name) ?? []);
  const [fahrerId, setFahrerId] = useState<string | null>(buchung?.fahrer?.id ?? null);
  const [freigeberIds, setFreigeberIds] = useState<string[]>(buchung?.freigeber.map((f) => f.id) ?? []);
  /** a booking the server accepted with warnings (hinweise): the dialog shows them before it closes */
  const [mitHinweisen, setMitHinweisen] = useState<TFahrzeugBuchung | null>(null);

  const grundText = (v: RuleViolation | null) => (v ? formatError(v.code, language, v.params) : '');
  const starts = useMemo(() => startOptionen({ tag: vonTag, kontext }), [vonTag, kontext]);
  const ends = useMemo(
    () => (von ? endOptionen({ von: new Date(von), tag: bisTag, kontext }) : []),
    [von, bisTag, kontext],
  );
  const pruefung = von && bis ? zeitraumPruefung({ von: new Date(von), bis: new Date(bis), kontext }) : null;
  const ausserhalbAn = booleanCustomizing(settings, 'FahrzeugBuchungAusserhalbBuchungszeiten');
  const sonderfahrt = pruefung !== null && pruefung.gruende.length === 0 && pruefung.sonderfahrt;
  const fahrerListe = useWaehlbareFahrer(darfFuerAndere);
  const freigeberListe = useMoeglicheFreigeber(ausserhalbAn && sonderfahrt);
  const eigenerFahrer = fahrerId ?? buchung?.buchender.id ?? benutzerId;

  const serverFeld = feldVon(speichern.error);
  const serverText = speichern.error ? errorMessage(speichern.error, t, i18n.language) : null;
  const zeitFehler = pruefung?.gruende.length
    ? pruefung.gruende.map((g) => grundText(g)).join(' ')
    : serverFeld === 'zeit'
      ? serverText
      : null;
  const fehltFreigeber = sonderfahrt && freigeberIds.length === 0;

  /** A new start day keeps the chosen time of day where that step exists. */
  const waehleVonTag = (tag: string) => {
    setVonTag(tag);
    speichern.reset();
    const zeit = von ? tagUndZeit(von).zeit : null;
    const neu = zeit ? startOptionen({ tag, kontext }).find((o) => o.label === zeit) : undefined;
    setVon(neu?.value ?? null);
    const dauer = von && bis ? Date.parse(bis) - Date.parse(von) : 3_600_000;
    if (neu) {
      const ende = new Date(Date.parse(neu.value) + dauer).toISOString();
      setBis(ende);
      setBisTag(tagUndZeit(ende).tag);
    } else if (bisTag < tag) setBisTag(tag);
  };
  const waehleVon = (value: string) => {
    speichern.reset();
    const dauer = von && bis ? Date.parse(bis) - Date.parse(von) : 3_600_000;
    setVon(value);
    const ende = new Date(Date.parse(value) + dauer).toISOString();
    setBis(ende);
    setBisTag(tagUndZeit(ende).tag);
  };

  const submit = () => {
    if (!von || !bis) return;
    // an emptied text is sent as null: a PUT keeps what it is not given (decision 125)
    const text = (s: string) => (s.trim() === '' ? null : s.trim());
    speichern.mutate(
      {
        id: buchung?.id ?? null,
        eingabe: {
          fahrzeugId: fahrzeug.id,
          von,
          bis,
          fahrerId: fahrerId ?? null,
          anlass: text(anlass),
          zielAdresse: text(zielAdresse),
          zielPerson: text(zielPerson),
          umweg: text(umweg),
          informationstext: text(informationstext),
          mitfahrer: mitfahrer.filter((m) => m.trim() !== '').map((name) => ({ name: name.trim() })),
          freigeberIds: sonderfahrt ? freigeberIds : [],
        },
      },
      {
        onSuccess: (gespeichert) => {
          notifications.show({
            color: 'teal',
            title: buchung ? t('fahrzeugBuchung.dialog.geaendert') : t('fahrzeugBuchung.dialog.gebucht'),
            message: t('fahrzeugBuchung.dialog.gebuchtText', {
              fahrzeug: `${gespeichert.fahrzeug.marke} ${gespeichert.fahrzeug.modell} (${gespeichert.fahrzeug.kennzeichen})`,
              zeitraum: zeitraumText(gespeichert.von, gespeichert.bis, i18n.language),
            }),
          });
          if (gespeichert.hinweise?.length) setMitHinweisen(gespeichert);
          else onClose();
        },
      },
    );
  };

  const dateProps = {
    locale: language,
    valueFormat: 'DD.MM.YYYY',
    // a typed day is read as typed (DD.MM.YYYY) and kept on Tab; the calendar works beside it
    dateParser: parseTagEingabe,
    placeholder: i18n.language === 'en' ? 'DD.MM.YYYY' : 'TT.MM.JJJJ',
    minDate: heute,
    firstDayOfWeek: 1 as const,
    allowDeselect: false,
  };

  if (mitHinweisen)
    return <BuchungsHinweise gespeichert={mitHinweisen} geaendert={Boolean(buchung)} onClose={onClose} />;

  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {fahrzeug.kennzeichen} · {fahrzeug.standort.name}
      </Text>
      {buchung && <FreigeberStand buchung={buchung} />}
      <SimpleGrid cols={{ base: 2 }} spacing="sm">
        <DateInput
          {...dateProps}
          label={t('fahrzeugBuchung.dialog.vonTag')}
          value={vonTag}
          onChange={(v) => v && waehleVonTag(v)}
        />
        <ZeitSelect
          label={t('fahrzeugBuchung.dialog.vonZeit')}
          optionen={starts}
          value={von}
          onChange={waehleVon}
          grundText={grundText}
        />
        <DateInput
          {...dateProps}
          label={t('fahrzeugBuchung.dialog.bisTag')}
          value={bisTag}
          minDate={vonTag}
          onChange={(v) => {
            if (!v) return;
            speichern.reset();
            setBisTag(v);
            const zeit = bis ? tagUndZeit(bis).zeit : null;
            setBis(zeit ? instantAus(v, zeit) : null);
          }}
        />
        <ZeitSelect
          label={t('fahrzeugBuchung.dialog.bisZeit')}
          optionen={ends}
          value={bis}
          onChange={(v) => {
            speichern.reset();
            setBis(v);
          }}
          grundText={grundText}
          error={zeitFehler}
        />
      </SimpleGrid>
      {!von && (
        <Text size="sm" c="dimmed">
          {t('fahrzeugBuchung.dialog.keinStart')}
        </Text>
      )}
      {sonderfahrt && (
        <Alert color="yellow" title={t('fahrzeugBuchung.dialog.sonderfahrtTitel')}>
          {t('fahrzeugBuchung.dialog.sonderfahrtText')}
        </Alert>
      )}
      {sonderfahrt && (
        <MultiSelect
          label={t('fahrzeugBuchung.dialog.freigeber')}
          data={(freigeberListe.data ?? [])
            .filter((p) => p.id !== benutzerId && p.id !== eigenerFahrer)
            .map((p) => ({ value: p.id, label: p.name }))}
          value={freigeberIds}
          onChange={setFreigeberIds}
          searchable
          required
          disabled={freigeberListe.isPending}
          error={
            serverFeld === 'freigeber'
              ? serverText
              : fehltFreigeber
                ? grundText({ code: 'fahrzeug_buchung.freigeber_fehlt', params: {} })
                : null
          }
        />
      )}
      <TextInput
        label={t('fahrzeugBuchung.dialog.anlass')}
        value={anlass}
        maxLength={2000}
        onChange={(e) => setAnlass(e.currentTarget.value)}
      />
      <Textarea
        label={t('fahrzeugBuchung.dialog.zielAdresse')}
        value={zielAdresse}
        maxLength={2000}
        autosize
        minRows={2}
        onChange={(e) => setZielAdresse(e.currentTarget.value)}
      />
      <TextInput
        label={t('fahrzeugBuchung.dialog.zielPerson')}
        value={zielPerson}
        maxLength={2000}
        onChange={(e) => setZielPerson(e.currentTarget.value)}
      />
      <Textarea
        label={t('fahrzeugBuchung.dialog.umweg')}
        value={umweg}
        maxLength={2000}
        autosize
        minRows={1}
        onChange={(e) => setUmweg(e.currentTarget.value)}
      />
      <Stack gap={6} component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
        <Text component="legend" size="sm" fw={500}>
          {t('fahrzeugBuchung.dialog.mitfahrer')}
        </Text>
        {mitfahrer.map((name, i) => (
          // co-travellers are numbered by their place in the list
          // biome-ignore lint/suspicious/noArrayIndexKey: the position is the co-traveller's number
          <Group key={i} gap="xs" wrap="nowrap" align="flex-end">
            <TextInput
              style={{ flex: 1 }}
              label={t('fahrzeugBuchung.dialog.mitfahrerNr', { nummer: i + 1 })}
              value={name}
              maxLength={200}
              onChange={(e) => {
                const value = e.currentTarget.value;
                setMitfahrer((list) => list.map((m, j) => (j === i ? value : m)));
              }}
            />
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              mb={2}
              aria-label={t('fahrzeugBuchung.dialog.mitfahrerEntfernen', { nummer: i + 1 })}
              onClick={() => setMitfahrer((list) => list.filter((_, j) => j !== i))}
            >
              ×
            </ActionIcon>
          </Group>
        ))}
        {mitfahrer.length < 20 && (
          <Button
            variant="light"
            size="xs"
            w="fit-content"
            onClick={() => setMitfahrer((list) => [...list, ''])}
          >
            {t('fahrzeugBuchung.dialog.mitfahrerHinzufuegen')}
          </Button>
        )}
      </Stack>
      <Textarea
        label={t('fahrzeugBuchung.dialog.informationstext')}
        value={informationstext}
        maxLength={2000}
        autosize
        minRows={2}
        onChange={(e) => setInformationstext(e.currentTarget.value)}
      />
      {darfFuerAndere && (
        <Select
          label={t('fahrzeugBuchung.dialog.fahrer')}
          placeholder={t('fahrzeugBuchung.dialog.fahrerSelbst')}
          data={(fahrerListe.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
          value={fahrerId}
          onChange={setFahrerId}
          searchable
          clearable
          error={serverFeld === 'fahrer' ? serverText : null}
        />
      )}
      {speichern.error && (serverFeld === null || (serverFeld === 'fahrer' && !darfFuerAndere)) && (
        <ErrorAlert error={speichern.error} />
      )}
      <Group justify="flex-end" gap="xs">
        <Button variant="default" onClick={onClose}>
          {t('fahrzeugBuchung.dialog.abbrechen')}
        </Button>
        <Button
          onClick={submit}
          loading={speichern.isPending}
          disabled={!von || !bis || (pruefung?.gruende.length ?? 0) > 0 || fehltFreigeber}
        >
          {buchung ? t('fahrzeugBuchung.dialog.speichern') : t('fahrzeugBuchung.dialog.buchen')}
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * The booking dialog: the period as days `DD.MM.YYYY` and times on the 15-minute step, offering only
 * the times the rules allow and saying why another is not; trip reason, destination, detour, numbered
 * co-travellers, information, the driver (when the user may book for others) and, for a special trip, its
 * approvers. The same dialog changes a booking. The server's refusal (409/422) is shown at its field.
 */
export function BuchungsDialog(props: BuchungsDialogProps) {
  const { t } = useTranslation();
  const isPhone = useMediaQuery('(max-width: 36em)');
  const detail = useFahrzeug(props.fahrzeugId);
  const f = detail.data;
  return (
    <Modal
      opened={props.fahrzeugId !== undefined}
      onClose={props.onClose}
      size="lg"
      fullScreen={Boolean(isPhone)}
      title={
        f
          ? props.buchung
            ? t('fahrzeugBuchung.dialog.titelAendern', { name: `${f.marke} ${f.modell}` })
            : t('fahrzeugBuchung.dialog.titel', { name: `${f.marke} ${f.modell}` })
          : t('fahrzeugBuchung.dialog.titelLaden')
      }
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {detail.isPending && props.fahrzeugId && <LoadingState rows={6} />}
      {detail.error && <ErrorAlert error={detail.error} onRetry={() => void detail.refetch()} />}
      {f && f.id === props.fahrzeugId && <Formular {...props} fahrzeug={f} />}
    </Modal>
  );
}
