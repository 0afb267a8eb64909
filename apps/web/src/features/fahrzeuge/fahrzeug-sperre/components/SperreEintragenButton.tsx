import {
  Alert,
  Button,
  Checkbox,
  Group,
  List,
  Modal,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { formatError, isErrorCode } from '@stellwerk/domain/errors';
import {
  SPERRE_TYPEN,
  type TFahrzeugSperreVorschau,
} from '@stellwerk/domain/fahrzeuge/fahrzeug-buchung/sperre-api';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../../lib/error-message';
import { formatDateTime } from '../../../../lib/format-date';
import { useSperreAufheben, useSperreEintragen, useSperren, useSperreVorschau } from '../api/sperre-api';
import { zeitfeldAm, zeitfeldZuIso } from '../hooks/zeitfeld';

type Typ = (typeof SPERRE_TYPEN)[number];

const typLabel = (t: TFunction, typ: Typ): string =>
  ({
    WARTUNG: t('fahrzeugSperre.typen.WARTUNG'),
    SERVICE: t('fahrzeugSperre.typen.SERVICE'),
    DEFEKT: t('fahrzeugSperre.typen.DEFEKT'),
  })[typ];

export type SperreFahrzeug = { id: string; marke: string; modell: string; kennzeichen: string };

/**
 * The row action of /admin/fahrzeuge for fleet managers (decision 056): enter a maintenance, service or defect
 * block on the vehicle. The dialog first shows what the block would do (the overlapping bookings, each with a
 * free car of the same location and licence class to move to, or cancelled); the manager accepts or declines
 * each move, then enters the block. It also lists the vehicle's blocks to come and lifts one.
 */
export function SperreEintragenButton({ fahrzeug }: { fahrzeug: SperreFahrzeug }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button
        size="xs"
        variant="light"
        onClick={() => setOpened(true)}
        aria-label={t('fahrzeugSperre.oeffnenFuer', { kennzeichen: fahrzeug.kennzeichen })}
      >
        {t('fahrzeugSperre.oeffnen')}
      </Button>
      {opened && <SperreDialog fahrzeug={fahrzeug} onClose={() => setOpened(false)} />}
    </>
  );
}

function SperreDialog({ fahrzeug, onClose }: { fahrzeug: SperreFahrzeug; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language === 'en' ? 'en' : 'de';
  const isPhone = useMediaQuery('(max-width: 36em)');
  const [typ, setTyp] = useState<Typ>('WARTUNG');
  const [von, setVon] = useState(() => zeitfeldAm(new Date(), 1, '08:00'));
  const [bis, setBis] = useState(() => zeitfeldAm(new Date(), 1, '18:00'));
  const [sicherheitsrelevant, setSicherheitsrelevant] = useState(false);
  const [informationstext, setInformationstext] = useState('');
  const [vorschau, setVorschau] = useState<TFahrzeugSperreVorschau | null>(null);
  const [abgelehnt, setAbgelehnt] = useState<ReadonlySet<string>>(new Set());
  const [fehler, setFehler] = useState<string | null>(null);
  const sperren = useSperren(fahrzeug.id, true);
  const vorschauLaden = useSperreVorschau();
  const eintragen = useSperreEintragen();
  const aufheben = useSperreAufheben();

  const vonIso = zeitfeldZuIso(von);
  const bisIso = zeitfeldZuIso(bis);
  const zuruecksetzen = () => {
    setVorschau(null);
    setAbgelehnt(new Set());
    setFehler(null);
  };
  const eingabe = () =>
    vonIso && bisIso
      ? {
          fahrzeugId: fahrzeug.id,
          typ,
          von: vonIso,
          bis: bisIso,
          sicherheitsrelevant: typ === 'DEFEKT' && sicherheitsrelevant,
        }
      : null;
  const ladeVorschau = () => {
    const e = eingabe();
    if (!e) {
      setFehler(t('fahrzeugSperre.zeitUngueltig'));
      return;
    }
    setFehler(null);
    vorschauLaden.mutate(e, {
      onSuccess: (v) => {
        setVorschau(v);
        setAbgelehnt(new Set());
      },
      onError: (error) => setFehler(errorMessage(error, t, language)),
    });
  };
  const speichern = () => {
    const e = eingabe();
    if (!e || !vorschau) return;
    eintragen.mutate(
      {
        ...e,
        informationstext: informationstext.trim() || undefined,
        umbuchungen: vorschau.vorschlaege.flatMap((v) =>
          v.aktion === 'umbuchen' && v.ersatz && !abgelehnt.has(v.buchung.id)
            ? [{ buchungId: v.buchung.id, fahrzeugId: v.ersatz.id }]
            : [],
        ),
      },
      {
        onSuccess: (r) => {
          notifications.show({
            color: 'green',
            message: t('fahrzeugSperre.eingetragen', {
              kennzeichen: fahrzeug.kennzeichen,
              umgebucht: r.umgebucht.length,
              storniert: r.storniert.length,
            }),
          });
          zuruecksetzen();
          setInformationstext('');
        },
        onError: (error) => {
          setFehler(errorMessage(error, t, language));
          setVorschau(null);
        },
      },
    );
  };

  const verstoss = vorschau?.verstoss;
  const stornos = vorschau
    ? vorschau.vorschlaege.filter((v) => v.aktion === 'stornieren' || abgelehnt.has(v.buchung.id)).length
    : 0;

  return (
    <Modal
      opened
      onClose={onClose}
      size="lg"
      centered={!isPhone}
      fullScreen={Boolean(isPhone)}
      title={t('fahrzeugSperre.titel', {
        fahrzeug: `${fahrzeug.marke} ${fahrzeug.modell} (${fahrzeug.kennzeichen})`,
      })}
      closeButtonProps={{ 'aria-label': t('fahrzeugSperre.schliessen') }}
    >
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <NativeSelect
            label={t('fahrzeugSperre.typ')}
            value={typ}
            onChange={(e) => {
              setTyp(e.currentTarget.value as Typ);
              zuruecksetzen();
            }}
            data={SPERRE_TYPEN.map((value) => ({ value, label: typLabel(t, value) }))}
          />
          <div />
          <TextInput
            type="datetime-local"
            step={900}
            label={t('fahrzeugSperre.von')}
            value={von}
            onChange={(e) => {
              setVon(e.currentTarget.value);
              zuruecksetzen();
            }}
            disabled={typ === 'DEFEKT' && sicherheitsrelevant}
            required
          />
          <TextInput
            type="datetime-local"
            step={900}
            label={t('fahrzeugSperre.bis')}
            value={bis}
            onChange={(e) => {
              setBis(e.currentTarget.value);
              zuruecksetzen();
            }}
            required
          />
        </SimpleGrid>
        {typ === 'DEFEKT' && (
          <Checkbox
            label={t('fahrzeugSperre.sicherheitsrelevant')}
            description={t('fahrzeugSperre.sicherheitsrelevantHinweis')}
            checked={sicherheitsrelevant}
            onChange={(e) => {
              setSicherheitsrelevant(e.currentTarget.checked);
              zuruecksetzen();
            }}
          />
        )}
        <Textarea
          label={t('fahrzeugSperre.informationstext')}
          autosize
          minRows={2}
          maxLength={2000}
          value={informationstext}
          onChange={(e) => setInformationstext(e.currentTarget.value)}
        />
        {!vorschau && (
          <Group>
            <Button onClick={ladeVorschau} loading={vorschauLaden.isPending}>
              {t('fahrzeugSperre.vorschau')}
            </Button>
          </Group>
        )}
        {vorschau && (
          <Stack gap="sm" aria-live="polite">
            <Title order={3} size="h5">
              {t('fahrzeugSperre.vorschauTitel', {
                von: formatDateTime(vorschau.von, language),
                bis: formatDateTime(vorschau.bis, language),
              })}
            </Title>
            {verstoss && (
              <Alert color="red" role="alert">
                {isErrorCode(verstoss.code)
                  ? formatError(verstoss.code, language, verstoss.params)
                  : verstoss.code}
              </Alert>
            )}
            {!verstoss && vorschau.vorschlaege.length === 0 && (
              <Text size="sm">{t('fahrzeugSperre.keineBuchungen')}</Text>
            )}
            {!verstoss &&
              vorschau.vorschlaege.map((v) => {
                const wer = t('fahrzeugSperre.buchung', {
                  name: v.buchung.buchender.name,
                  von: formatDateTime(v.buchung.von, language),
                  bis: formatDateTime(v.buchung.bis, language),
                });
                return v.aktion === 'umbuchen' && v.ersatz ? (
                  <Checkbox
                    key={v.buchung.id}
                    label={t('fahrzeugSperre.umbuchenAuf', {
                      buchung: wer,
                      fahrzeug: `${v.ersatz.marke} ${v.ersatz.modell} (${v.ersatz.kennzeichen})`,
                    })}
                    description={abgelehnt.has(v.buchung.id) ? t('fahrzeugSperre.wirdStorniert') : undefined}
                    checked={!abgelehnt.has(v.buchung.id)}
                    onChange={(e) => {
                      const next = new Set(abgelehnt);
                      if (e.currentTarget.checked) next.delete(v.buchung.id);
                      else next.add(v.buchung.id);
                      setAbgelehnt(next);
                    }}
                  />
                ) : (
                  <Text key={v.buchung.id} size="sm">
                    {t('fahrzeugSperre.keinErsatz', { buchung: wer })}
                  </Text>
                );
              })}
            <Group>
              <Button
                color={stornos > 0 ? 'red' : undefined}
                onClick={speichern}
                loading={eintragen.isPending}
                disabled={Boolean(verstoss)}
              >
                {stornos > 0
                  ? t('fahrzeugSperre.eintragenMitStorno', { count: stornos })
                  : t('fahrzeugSperre.eintragen')}
              </Button>
              <Button variant="default" onClick={zuruecksetzen}>
                {t('fahrzeugSperre.aendern')}
              </Button>
            </Group>
          </Stack>
        )}
        {fehler && (
          <Alert color="red" role="alert">
            {fehler}
          </Alert>
        )}
        <Stack gap="xs">
          <Title order={3} size="h5">
            {t('fahrzeugSperre.bestehende')}
          </Title>
          {sperren.data && sperren.data.length === 0 && (
            <Text size="sm" c="dimmed">
              {t('fahrzeugSperre.keineSperren')}
            </Text>
          )}
          {sperren.data && sperren.data.length > 0 && (
            <List spacing="xs" listStyleType="none" p={0}>
              {sperren.data.map((s) => (
                <List.Item key={s.id}>
                  <Group gap="sm" wrap="wrap">
                    <Text size="sm">
                      {t('fahrzeugSperre.sperreZeile', {
                        typ: typLabel(t, s.typ),
                        von: formatDateTime(s.von, language),
                        bis: formatDateTime(s.bis, language),
                      })}
                      {s.sicherheitsrelevant ? ` · ${t('fahrzeugSperre.ausserBetrieb')}` : ''}
                    </Text>
                    <Button
                      size="compact-xs"
                      variant="subtle"
                      color="red"
                      loading={aufheben.isPending && aufheben.variables === s.id}
                      onClick={() =>
                        aufheben.mutate(s.id, {
                          onError: (error) => setFehler(errorMessage(error, t, language)),
                        })
                      }
                    >
                      {t('fahrzeugSperre.aufheben')}
                    </Button>
                  </Group>
                </List.Item>
              ))}
            </List>
          )}
        </Stack>
      </Stack>
    </Modal>
  );
}
