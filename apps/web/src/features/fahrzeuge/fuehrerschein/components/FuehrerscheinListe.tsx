import { Alert, Badge, Button, Card, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { formatError, isErrorCode } from '@stellwerk/domain/errors';
import type { TFuehrerscheinZeile } from '@stellwerk/domain/fahrzeuge/fuehrerschein/api';
import { LISTEN_FILTER, type ListenFilter } from '@stellwerk/domain/fahrzeuge/fuehrerschein/liste';
import {
  FUEHRERSCHEIN_KLASSEN,
  PRUEFMETHODE_ORIGINAL,
} from '@stellwerk/domain/fahrzeuge/fuehrerschein/rules';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../../components/ErrorAlert';
import { LoadingState } from '../../../../components/LoadingState';
import { formatDate } from '../../../../lib/format-date';
import { useFuehrerscheine } from '../api/fuehrerscheine';
import type { TFuehrerscheinSuche } from '../hooks/fuehrerschein-suche';
import { FuehrerscheinDialog } from './FuehrerscheinDialog';
import { PruefungDialog } from './PruefungDialog';

const STAND_FARBE = { fehlt: 'gray', ueberfaellig: 'red', faellig: 'orange', aktuell: 'green' } as const;

function StandBadge({ stand }: { stand: TFuehrerscheinZeile['stand'] }) {
  const { t } = useTranslation();
  const label = {
    fehlt: t('fuehrerschein.stand.fehlt'),
    ueberfaellig: t('fuehrerschein.stand.ueberfaellig'),
    faellig: t('fuehrerschein.stand.faellig'),
    aktuell: t('fuehrerschein.stand.aktuell'),
  }[stand];
  return (
    <Badge color={STAND_FARBE[stand]} variant={stand === 'aktuell' ? 'light' : 'filled'} tt="none">
      {label}
    </Badge>
  );
}

function Angabe({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={0} style={{ minWidth: 130 }}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{children}</Text>
    </Stack>
  );
}

type Props = {
  suche: TFuehrerscheinSuche;
  /**
   * Changes part of the filters; the page merges it into the URL as it is then, so a search typed just before a
   * state is chosen (applied after its debounce) and the state do not undo each other.
   */
  onSucheChange: (patch: Partial<TFuehrerscheinSuche>) => void;
  /** the current user's name: the examiner of a check recorded here */
  pruefer: string;
};

/**
 * /fahrzeuge/fuehrerschein: everyone who may book vehicles with their licence, by next check (no
 * record first), overdue and due-soon states, search and state filters in the URL, the record dialog and the
 * check dialog.
 */
export function FuehrerscheinListe({ suche, onSucheChange, pruefer }: Props) {
  const { t, i18n } = useTranslation();
  const language = i18n.language === 'en' ? 'en' : 'de';
  const [text, setText] = useState(suche.suche ?? '');
  const [debounced] = useDebouncedValue(text, 250);
  const stand: ListenFilter = suche.stand ?? 'alle';
  const query = useFuehrerscheine({ suche: suche.suche, stand });
  const [pruefen, setPruefen] = useState<TFuehrerscheinZeile | null>(null);
  const [bearbeiten, setBearbeiten] = useState<TFuehrerscheinZeile | null>(null);

  useEffect(() => {
    const next = debounced.trim() === '' ? undefined : debounced.trim();
    if (next !== suche.suche) onSucheChange({ suche: next });
  }, [debounced, suche.suche, onSucheChange]);

  const filterLabel: Record<ListenFilter, string> = {
    alle: t('fuehrerschein.filter.alle'),
    handlungsbedarf: t('fuehrerschein.filter.handlungsbedarf'),
    fehlt: t('fuehrerschein.stand.fehlt'),
    ueberfaellig: t('fuehrerschein.stand.ueberfaellig'),
    faellig: t('fuehrerschein.stand.faellig'),
    aktuell: t('fuehrerschein.stand.aktuell'),
  };
  const datum = (d: string | null | undefined) => (d ? formatDate(d, i18n.language) : '–');

  let body: ReactNode;
  if (query.isPending) body = <LoadingState rows={5} />;
  else if (query.isError) body = <ErrorAlert error={query.error} onRetry={() => void query.refetch()} />;
  else if (query.data.zeilen.length === 0)
    body = (
      <Alert color="gray" variant="light" role="note" title={t('fuehrerschein.leerTitel')}>
        {t('fuehrerschein.leer')}
      </Alert>
    );
  else
    body = (
      <Stack
        gap="sm"
        component="ul"
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
        aria-label={t('fuehrerschein.liste')}
      >
        {query.data.zeilen.map((zeile) => {
          const fs = zeile.fuehrerschein;
          const name = zeile.benutzer.name;
          const klassen = fs ? FUEHRERSCHEIN_KLASSEN.filter((k) => fs.klassen[k]) : [];
          return (
            <Card
              key={zeile.benutzer.id}
              withBorder
              radius="md"
              padding="md"
              component="li"
              data-testid="fuehrerschein-zeile"
            >
              <Stack gap="xs">
                <Group justify="space-between" align="flex-start" gap="sm">
                  <Stack gap={2} style={{ flex: '1 1 220px', minWidth: 0 }}>
                    <Group gap="xs">
                      <Text fw={600} component="h2" size="md" m={0}>
                        {name}
                      </Text>
                      <StandBadge stand={zeile.stand} />
                      {zeile.fahrverbotHeute && (
                        <Badge color="red" variant="outline" tt="none">
                          {t('fuehrerschein.fahrverbotHeute')}
                        </Badge>
                      )}
                    </Group>
                    <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                      {zeile.benutzer.email}
                    </Text>
                  </Stack>
                  <Group gap="xs">
                    {fs && (
                      <Button
                        size="xs"
                        onClick={() => setPruefen(zeile)}
                        aria-label={t('fuehrerschein.pruefenNamed', { name })}
                      >
                        {t('fuehrerschein.pruefen')}
                      </Button>
                    )}
                    <Button
                      size="xs"
                      variant="light"
                      onClick={() => setBearbeiten(zeile)}
                      aria-label={
                        fs
                          ? t('fuehrerschein.bearbeitenNamed', { name })
                          : t('fuehrerschein.erfassenNamed', { name })
                      }
                    >
                      {fs ? t('fuehrerschein.bearbeiten') : t('fuehrerschein.erfassen')}
                    </Button>
                  </Group>
                </Group>
                {fs ? (
                  <Group gap="lg" align="flex-start">
                    <Angabe label={t('fuehrerschein.naechstePruefung')}>{datum(fs.naechstePruefung)}</Angabe>
                    <Angabe label={t('fuehrerschein.letztePruefung')}>
                      {fs.letztePruefung
                        ? `${datum(fs.letztePruefung)}${fs.pruefer ? ` · ${fs.pruefer.name}` : ''}`
                        : '–'}
                    </Angabe>
                    {fs.pruefmethode && (
                      <Angabe label={t('fuehrerschein.methode')}>
                        {fs.pruefmethode === PRUEFMETHODE_ORIGINAL
                          ? t('fuehrerschein.pruefung.methodeOriginal')
                          : fs.pruefmethode}
                      </Angabe>
                    )}
                    <Angabe label={t('fuehrerschein.nummer')}>{fs.fuehrerscheinnummer ?? '–'}</Angabe>
                    <Angabe label={t('fuehrerschein.klassen')}>
                      {klassen.length > 0 ? klassen.join(', ') : t('fuehrerschein.keineKlassen')}
                    </Angabe>
                    {fs.fahrverbot && (
                      <Angabe label={t('fuehrerschein.fahrverbot')}>
                        {t('fuehrerschein.zeitraum', {
                          von: fs.fahrverbotVon ? datum(fs.fahrverbotVon) : t('fuehrerschein.offen'),
                          bis: fs.fahrverbotBis ? datum(fs.fahrverbotBis) : t('fuehrerschein.offen'),
                        })}
                      </Angabe>
                    )}
                    {fs.zusatzinfo && <Angabe label={t('fuehrerschein.zusatzinfo')}>{fs.zusatzinfo}</Angabe>}
                  </Group>
                ) : (
                  <Text size="sm" c="dimmed">
                    {t('fuehrerschein.keinEintrag')}
                  </Text>
                )}
                {zeile.hinweise.map((h) => (
                  <Text key={`${h.code}-${String(h.params.klasse ?? '')}`} size="sm" c="orange.9">
                    {isErrorCode(h.code) ? formatError(h.code, language, h.params) : h.code}
                  </Text>
                ))}
              </Stack>
            </Card>
          );
        })}
      </Stack>
    );

  return (
    <Stack gap="md" maw={1100}>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          label={t('fuehrerschein.filter.suche')}
          placeholder={t('fuehrerschein.filter.suchePlaceholder')}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          maxLength={100}
          style={{ flex: '1 1 240px' }}
          type="search"
        />
        <Select
          label={t('fuehrerschein.filter.stand')}
          data={LISTEN_FILTER.map((f) => ({ value: f, label: filterLabel[f] }))}
          value={stand}
          onChange={(v) => onSucheChange({ stand: v && v !== 'alle' ? (v as ListenFilter) : undefined })}
          allowDeselect={false}
          style={{ flex: '0 1 220px' }}
        />
      </Group>
      {query.data && (
        <Text size="sm" c="dimmed" role="status">
          {t('fuehrerschein.hinweisIntervall', {
            monate: query.data.intervallMonate,
            tage: query.data.vorlaufTage,
          })}
        </Text>
      )}
      {body}
      {query.data && (
        <PruefungDialog
          zeile={pruefen}
          pruefer={pruefer}
          heute={query.data.heute}
          intervallMonate={query.data.intervallMonate}
          pruefmethoden={query.data.pruefmethoden}
          onClose={() => setPruefen(null)}
        />
      )}
      <FuehrerscheinDialog
        zeile={bearbeiten}
        onClose={() => setBearbeiten(null)}
        onSaved={(storniert) => {
          setBearbeiten(null);
          notifications.show({
            color: 'green',
            message:
              storniert > 0
                ? t('fuehrerschein.gespeichertStorniert', { count: storniert })
                : t('fuehrerschein.gespeichert'),
          });
        }}
      />
    </Stack>
  );
}
