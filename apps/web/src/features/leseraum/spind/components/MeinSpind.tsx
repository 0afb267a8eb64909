import {
  Badge,
  Button,
  Card,
  Group,
  Radio,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import type { TMeinSpind } from '@stellwerk/domain/leseraum/spind/api';
import {
  leerungBestaetigbar,
  SPIND_GROESSEN,
  type SpindGroesse,
  spindZurueckgebbar,
} from '@stellwerk/domain/leseraum/spind/regeln';
import { addCalendarDays, berlinDateKey } from '@stellwerk/domain/time';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../../components/ConfirmDialog';
import { ErrorAlert } from '../../../../components/ErrorAlert';
import { LoadingState } from '../../../../components/LoadingState';
import { errorMessage } from '../../../../lib/error-message';
import { formatDate, formatDateTime } from '../../../../lib/format-date';
import {
  useBestaetigeGeleert,
  useBucheSpind,
  useFreieSpinde,
  useGibSpindZurueck,
  useMeineSpinde,
  useSpindStandorte,
} from '../api/spind-api';

const artText = (t: TFunction, art: TMeinSpind['art']): string =>
  ({ tag: t('spind.art.tag'), gekoppelt: t('spind.art.gekoppelt'), dauer: t('spind.art.dauer') })[art];
export const groesseText = (t: TFunction, g: SpindGroesse): string =>
  ({ S: t('spind.groessen.S'), M: t('spind.groessen.M'), L: t('spind.groessen.L') })[g];

/** One locker of the user: number, bank, period, the PIN on its day, and "emptied" once the day is over. */
function SpindKarte({ spind }: { spind: TMeinSpind }) {
  const { t, i18n } = useTranslation();
  const geleert = useBestaetigeGeleert();
  const zurueck = useGibSpindZurueck();
  const [fragen, setFragen] = useState(false);
  const [zurueckFragen, setZurueckFragen] = useState(false);
  const rueckgebbar = spindZurueckgebbar({ art: spind.art, bis: new Date(spind.bis) }, new Date()) === 'ja';
  const offen = spind.leerung === 'offen';
  const bestaetigbar = leerungBestaetigbar({ bis: new Date(spind.bis) }, new Date());
  return (
    <Card withBorder padding="sm" component="li" data-testid="mein-spind-karte">
      <Stack gap={4}>
        <Group justify="space-between" wrap="nowrap">
          <Title order={3} fz="md">
            {t('spind.nummer', { nummer: spind.nummer })}
          </Title>
          <Badge variant="light">{artText(t, spind.art)}</Badge>
        </Group>
        <Text size="sm">
          {t('spind.wo', { bank: spind.bank })} · {t('spind.groesseKurz', { groesse: spind.groesse })}
        </Text>
        <Text size="sm" c="dimmed">
          {t('spind.bis', { bis: formatDateTime(spind.bis, i18n.language) })}
        </Text>
        {spind.pin && (
          <Text size="sm">
            {t('spind.pin')}{' '}
            <Text span fw={700} ff="monospace" data-testid="spind-pin">
              {spind.pin}
            </Text>
          </Text>
        )}
        {!spind.pin && (
          <Text size="sm" data-testid="spind-schloss">
            {spind.schloss === 'http'
              ? t('spind.schlossHttp')
              : spind.schloss === 'pin'
                ? t('spind.schlossPinAmTag')
                : t('spind.schlossKeins')}
          </Text>
        )}
        {offen ? (
          bestaetigbar && (
            <Button
              size="xs"
              variant="light"
              onClick={() => setFragen(true)}
              style={{ alignSelf: 'flex-start' }}
            >
              {t('spind.geleert')}
            </Button>
          )
        ) : (
          <Text size="sm" c="teal">
            {t('spind.geleertBestaetigt')}
          </Text>
        )}
        {rueckgebbar && (
          <Button
            size="xs"
            variant="subtle"
            color="red"
            onClick={() => setZurueckFragen(true)}
            style={{ alignSelf: 'flex-start' }}
          >
            {t('spind.zurueckgeben')}
          </Button>
        )}
      </Stack>
      <ConfirmDialog
        opened={zurueckFragen}
        title={t('spind.zurueckgebenTitel')}
        message={t('spind.zurueckgebenFrage', { nummer: spind.nummer })}
        confirmLabel={t('spind.zurueckgeben')}
        cancelLabel={t('spind.abbrechen')}
        loading={zurueck.isPending}
        error={zurueck.error ? errorMessage(zurueck.error, t, i18n.language) : null}
        onClose={() => {
          setZurueckFragen(false);
          zurueck.reset();
        }}
        onConfirm={() => zurueck.mutate(spind.buchungId, { onSuccess: () => setZurueckFragen(false) })}
      />
      <ConfirmDialog
        opened={fragen}
        title={t('spind.geleertTitel')}
        message={t('spind.geleertFrage', { nummer: spind.nummer })}
        confirmLabel={t('spind.geleert')}
        cancelLabel={t('spind.abbrechen')}
        color="blue"
        loading={geleert.isPending}
        error={geleert.error ? errorMessage(geleert.error, t, i18n.language) : null}
        onClose={() => {
          setFragen(false);
          geleert.reset();
        }}
        onConfirm={() => geleert.mutate(spind.buchungId, { onSuccess: () => setFragen(false) })}
      />
    </Card>
  );
}

/** "Mein Spind": the user's current and coming lockers. */
export function MeineSpinde() {
  const { t } = useTranslation();
  const meine = useMeineSpinde();
  if (meine.isPending) return <LoadingState rows={2} />;
  if (meine.error) return <ErrorAlert error={meine.error} onRetry={() => void meine.refetch()} />;
  if (meine.data.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('spind.keiner')}
      </Text>
    );
  return (
    <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('spind.meine')}>
      {meine.data.map((s) => (
        <SpindKarte key={s.buchungId} spind={s} />
      ))}
    </Stack>
  );
}

/** Book a locker alone for one day: location, size, and a locker from the free list (or the nearest one). */
export function SpindBuchen() {
  const { t, i18n } = useTranslation();
  const heute = berlinDateKey(new Date());
  const [tag, setTag] = useState(heute);
  const [standortId, setStandortId] = useState<string | null>(null);
  const [groesse, setGroesse] = useState<SpindGroesse>('M');
  const [barrierefrei, setBarrierefrei] = useState(false);
  const [spindId, setSpindId] = useState<string>('');
  const [gebucht, setGebucht] = useState(false);
  const standorte = useSpindStandorte();
  const mitBanken = standorte.data?.filter((s) => s.banken > 0) ?? [];
  const ort = standortId ?? (mitBanken.length === 1 ? mitBanken[0]!.id : null);
  const frei = useFreieSpinde(tag, ort);
  const buchen = useBucheSpind();
  const reihenfolge = SPIND_GROESSEN.indexOf(groesse);
  const passend = (frei.data ?? []).filter(
    (s) => SPIND_GROESSEN.indexOf(s.groesse) >= reihenfolge && (!barrierefrei || s.barrierefrei),
  );
  const tagFehler = !/^\d{4}-\d{2}-\d{2}$/.test(tag) || tag < heute ? t('spind.tagFehler') : null;
  if (standorte.isPending) return <LoadingState rows={2} />;
  if (standorte.error) return <ErrorAlert error={standorte.error} onRetry={() => void standorte.refetch()} />;
  if (mitBanken.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('spind.keineBanken')}
      </Text>
    );
  return (
    <Stack
      component="form"
      gap="sm"
      onSubmit={(e) => {
        e.preventDefault();
        if (!ort || tagFehler) return;
        setGebucht(false);
        buchen.mutate(
          { tag, standortId: ort, groesse, barrierefrei, ...(spindId ? { spindId } : {}) },
          {
            onSuccess: () => {
              setGebucht(true);
              setSpindId('');
            },
          },
        );
      }}
    >
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <TextInput
          type="date"
          label={t('spind.tag')}
          value={tag}
          min={heute}
          max={addCalendarDays(heute, 365)}
          onChange={(e) => {
            setTag(e.currentTarget.value);
            setSpindId('');
          }}
          error={tagFehler}
          withAsterisk
        />
        <Select
          label={t('spind.standort')}
          data={mitBanken.map((s) => ({ value: s.id, label: s.name }))}
          value={ort}
          onChange={(v) => {
            setStandortId(v);
            setSpindId('');
          }}
          withAsterisk
          allowDeselect={false}
        />
      </SimpleGrid>
      <Stack gap={4}>
        <Text size="sm" fw={500} id="spind-groesse-label">
          {t('spind.groesse')}
        </Text>
        <SegmentedControl
          aria-labelledby="spind-groesse-label"
          data={SPIND_GROESSEN.map((g) => ({ value: g, label: groesseText(t, g) }))}
          value={groesse}
          onChange={(v) => {
            setGroesse(v as SpindGroesse);
            setSpindId('');
          }}
        />
      </Stack>
      <Switch
        label={t('spind.nurBarrierefrei')}
        checked={barrierefrei}
        onChange={(e) => {
          setBarrierefrei(e.currentTarget.checked);
          setSpindId('');
        }}
      />
      {ort && !tagFehler && (
        <Radio.Group
          label={t('spind.freieSpinde')}
          description={t('spind.freieSpindeHinweis')}
          value={spindId}
          onChange={setSpindId}
        >
          {frei.isPending ? (
            <LoadingState rows={2} />
          ) : frei.error ? (
            <ErrorAlert error={frei.error} onRetry={() => void frei.refetch()} />
          ) : passend.length === 0 ? (
            <Text size="sm" c="dimmed" mt="xs">
              {t('spind.keinerFrei')}
            </Text>
          ) : (
            <Stack gap={6} mt="xs" data-testid="freie-spinde">
              <Radio value="" label={t('spind.naechsterFreier')} />
              {passend.map((s) => (
                <Radio
                  key={s.spindId}
                  value={s.spindId}
                  label={`${t('spind.nummer', { nummer: s.nummer })} · ${s.bank} · ${groesseText(t, s.groesse)}${
                    s.barrierefrei ? ` · ${t('spind.barrierefrei')}` : ''
                  }`}
                />
              ))}
            </Stack>
          )}
        </Radio.Group>
      )}
      {buchen.error && <ErrorAlert error={buchen.error} />}
      {gebucht && (
        <Text size="sm" c="teal" role="status">
          {t('spind.gebucht', { tag: formatDate(`${tag}T12:00:00Z`, i18n.language) })}
        </Text>
      )}
      <Button
        type="submit"
        loading={buchen.isPending}
        disabled={!ort || passend.length === 0}
        style={{ alignSelf: 'flex-start' }}
      >
        {t('spind.buchen')}
      </Button>
    </Stack>
  );
}
