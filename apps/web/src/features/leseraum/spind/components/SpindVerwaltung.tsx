import {
  Button,
  Card,
  Checkbox,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import type { TSpindbank } from '@stellwerk/domain/leseraum/spind/api';
import { SPIND_GROESSEN, type SpindGroesse } from '@stellwerk/domain/leseraum/spind/regeln';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../../components/ConfirmDialog';
import { ErrorAlert } from '../../../../components/ErrorAlert';
import { LoadingState } from '../../../../components/LoadingState';
import { errorMessage } from '../../../../lib/error-message';
import { formatDateTime } from '../../../../lib/format-date';
import {
  useAendereSpind,
  useAendereSpindbank,
  useImportiereSpinde,
  useLegeSpindbankAn,
  useRaeumeSpind,
  useSchlossAuftraege,
  useSchlossAuftragErneut,
  useSpindbanken,
  useSpindGrundrisse,
  useSpindStandorte,
  useZuRaeumendeSpinde,
} from '../api/spind-api';
import { groesseText } from './MeinSpind';
import { SpindZuweisungen, Zuweisung } from './SpindZuweisungen';

const groessenDaten = (t: TFunction) => SPIND_GROESSEN.map((g) => ({ value: g, label: groesseText(t, g) }));

/** Create a bank at a location with n numbered lockers of one size. */
function BankAnlegen() {
  const { t } = useTranslation();
  const standorte = useSpindStandorte();
  const anlegen = useLegeSpindbankAn();
  const [name, setName] = useState('');
  const [standortId, setStandortId] = useState<string | null>(null);
  const [anzahl, setAnzahl] = useState<number | string>(10);
  const [groesse, setGroesse] = useState<SpindGroesse>('M');
  const [versucht, setVersucht] = useState(false);
  const fehler = {
    name: name.trim() ? null : t('validation.required'),
    standort: standortId ? null : t('validation.required'),
    anzahl:
      typeof anzahl === 'number' && Number.isInteger(anzahl) && anzahl >= 0 && anzahl <= 500
        ? null
        : t('spind.admin.anzahlFehler'),
  };
  return (
    <Card withBorder padding="sm">
      <Stack
        component="form"
        gap="sm"
        onSubmit={(e) => {
          e.preventDefault();
          setVersucht(true);
          if (fehler.name || fehler.standort || fehler.anzahl || !standortId) return;
          anlegen.mutate(
            { name: name.trim(), standortId, anzahl: Number(anzahl), groesse },
            {
              onSuccess: () => {
                setName('');
                setVersucht(false);
              },
            },
          );
        }}
      >
        <Title order={3} fz="md">
          {t('spind.admin.bankNeu')}
        </Title>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput
            label={t('spind.admin.bankName')}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={versucht && fehler.name}
            withAsterisk
            maxLength={80}
          />
          <Select
            label={t('spind.standort')}
            data={(standorte.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
            value={standortId}
            onChange={setStandortId}
            error={versucht && fehler.standort}
            withAsterisk
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <NumberInput
            label={t('spind.admin.anzahl')}
            value={anzahl}
            onChange={setAnzahl}
            min={0}
            max={500}
            allowDecimal={false}
            error={fehler.anzahl}
          />
          <Select
            label={t('spind.groesse')}
            data={groessenDaten(t)}
            value={groesse}
            onChange={(v) => v && setGroesse(v as SpindGroesse)}
            allowDeselect={false}
          />
        </SimpleGrid>
        {standorte.error && <ErrorAlert error={standorte.error} />}
        {anlegen.error && <ErrorAlert error={anlegen.error} />}
        <Button type="submit" loading={anlegen.isPending} style={{ alignSelf: 'flex-start' }}>
          {t('spind.admin.anlegen')}
        </Button>
      </Stack>
    </Card>
  );
}

/** CSV import into a bank, all or nothing; the result or the server's line errors. */
function CsvImport({ bank }: { bank: TSpindbank }) {
  const { t, i18n } = useTranslation();
  const importieren = useImportiereSpinde();
  const [csv, setCsv] = useState('');
  return (
    <Stack gap="xs">
      <Textarea
        label={t('spind.admin.csv')}
        description={t('spind.admin.csvHinweis')}
        placeholder={'nummer;groesse;barrierefrei;ausser_betrieb\n11;M;nein;nein'}
        value={csv}
        onChange={(e) => setCsv(e.currentTarget.value)}
        autosize
        minRows={3}
        ff="monospace"
      />
      <Button
        variant="light"
        size="xs"
        disabled={!csv.trim()}
        loading={importieren.isPending}
        onClick={() => importieren.mutate({ bankId: bank.id, csv }, { onSuccess: () => setCsv('') })}
        style={{ alignSelf: 'flex-start' }}
      >
        {t('spind.admin.importieren')}
      </Button>
      {importieren.data && (
        <Text size="sm" c="teal" role="status">
          {t('spind.admin.importiert', { count: importieren.data.angelegt })}
        </Text>
      )}
      {importieren.error && (
        <Text size="sm" c="red" role="alert">
          {errorMessage(importieren.error, t, i18n.language)}
        </Text>
      )}
    </Stack>
  );
}

/** The bank's place on a floor plan of its location (x/y in percent), or none. */
function BankOrt({ bank }: { bank: TSpindbank }) {
  const { t, i18n } = useTranslation();
  const plaene = useSpindGrundrisse();
  const aendern = useAendereSpindbank();
  const [grundrissId, setGrundrissId] = useState<string | null>(bank.ort?.grundrissId ?? null);
  const [x, setX] = useState<number | string>(bank.ort?.x ?? 50);
  const [y, setY] = useState<number | string>(bank.ort?.y ?? 50);
  const imBereich = (v: number | string) => typeof v === 'number' && v >= 0 && v <= 100;
  const daten = (plaene.data ?? [])
    .filter((p) => p.standort?.id === bank.standortId)
    .map((p) => ({ value: p.id, label: p.bezeichnung }));
  return (
    <Stack gap="xs">
      <Select
        label={t('spind.admin.grundriss')}
        description={
          plaene.error ? errorMessage(plaene.error, t, i18n.language) : t('spind.admin.grundrissHinweis')
        }
        data={daten}
        value={grundrissId}
        onChange={setGrundrissId}
        clearable
        disabled={Boolean(plaene.error)}
      />
      {grundrissId && (
        <SimpleGrid cols={2} spacing="sm">
          <NumberInput
            label={t('spind.admin.x')}
            value={x}
            onChange={setX}
            min={0}
            max={100}
            error={imBereich(x) ? null : t('spind.admin.prozentFehler')}
          />
          <NumberInput
            label={t('spind.admin.y')}
            value={y}
            onChange={setY}
            min={0}
            max={100}
            error={imBereich(y) ? null : t('spind.admin.prozentFehler')}
          />
        </SimpleGrid>
      )}
      {aendern.error && <ErrorAlert error={aendern.error} />}
      <Button
        variant="light"
        size="xs"
        style={{ alignSelf: 'flex-start' }}
        loading={aendern.isPending}
        disabled={Boolean(grundrissId) && (!imBereich(x) || !imBereich(y))}
        onClick={() =>
          aendern.mutate({
            id: bank.id,
            aenderung: { ort: grundrissId ? { grundrissId, x: Number(x), y: Number(y) } : null },
          })
        }
      >
        {t('spind.admin.ortSpeichern')}
      </Button>
    </Stack>
  );
}

/** One bank: rename, its lockers (size, accessible, out of service) and the CSV import. */
function BankKarte({ bank, standortName }: { bank: TSpindbank; standortName: string }) {
  const { t } = useTranslation();
  const aendernBank = useAendereSpindbank();
  const aendern = useAendereSpind();
  const [name, setName] = useState(bank.name);
  return (
    <Card withBorder padding="sm" component="section" aria-label={bank.name} data-testid="spindbank">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-end" wrap="wrap">
          <TextInput
            label={t('spind.admin.bankName')}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={name.trim() ? null : t('validation.required')}
            maxLength={80}
            style={{ flex: 1, minWidth: 160 }}
          />
          <Button
            variant="light"
            disabled={!name.trim() || name.trim() === bank.name}
            loading={aendernBank.isPending}
            onClick={() => aendernBank.mutate({ id: bank.id, aenderung: { name: name.trim() } })}
          >
            {t('spind.admin.speichern')}
          </Button>
        </Group>
        <Text size="sm" c="dimmed">
          {standortName} · {t('spind.admin.anzahlSpinde', { count: bank.spinde.length })}
        </Text>
        {aendernBank.error && <ErrorAlert error={aendernBank.error} />}
        {aendern.error && <ErrorAlert error={aendern.error} />}
        {bank.spinde.length > 0 && (
          <Table.ScrollContainer minWidth={280}>
            <Table striped horizontalSpacing={4} fz="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('spind.admin.nummer')}</Table.Th>
                  <Table.Th>{t('spind.groesse')}</Table.Th>
                  <Table.Th>{t('spind.barrierefrei')}</Table.Th>
                  <Table.Th>{t('spind.admin.ausserBetrieb')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {bank.spinde.map((s) => (
                  <Table.Tr key={s.id}>
                    <Table.Td>{s.nummer}</Table.Td>
                    <Table.Td>
                      <Select
                        aria-label={t('spind.admin.groesseVon', { nummer: s.nummer })}
                        data={[...SPIND_GROESSEN]}
                        value={s.groesse}
                        allowDeselect={false}
                        size="xs"
                        w={72}
                        onChange={(v) =>
                          v && aendern.mutate({ id: s.id, aenderung: { groesse: v as SpindGroesse } })
                        }
                      />
                    </Table.Td>
                    <Table.Td>
                      <Checkbox
                        aria-label={t('spind.admin.barrierefreiVon', { nummer: s.nummer })}
                        checked={s.barrierefrei}
                        onChange={(e) =>
                          aendern.mutate({ id: s.id, aenderung: { barrierefrei: e.currentTarget.checked } })
                        }
                      />
                    </Table.Td>
                    <Table.Td>
                      <Checkbox
                        aria-label={t('spind.admin.ausserBetriebVon', { nummer: s.nummer })}
                        checked={s.ausserBetrieb}
                        onChange={(e) =>
                          aendern.mutate({ id: s.id, aenderung: { ausserBetrieb: e.currentTarget.checked } })
                        }
                      />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        <BankOrt bank={bank} />
        <CsvImport bank={bank} />
      </Stack>
    </Card>
  );
}

/** Lockers whose period ended and that nobody confirmed emptied; facility staff clear them. */
export function ZuRaeumendeSpinde() {
  const { t, i18n } = useTranslation();
  const liste = useZuRaeumendeSpinde();
  const raeumen = useRaeumeSpind();
  const [frage, setFrage] = useState<{ id: string; nummer: string; bank: string } | null>(null);
  if (liste.isPending) return <LoadingState rows={2} />;
  if (liste.error) return <ErrorAlert error={liste.error} onRetry={() => void liste.refetch()} />;
  return (
    <>
      {liste.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('spind.admin.nichtsZuRaeumen')}
        </Text>
      ) : (
        <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
          {liste.data.map((s) => (
            <Card key={s.buchungId} withBorder padding="sm" component="li">
              <Group justify="space-between" wrap="wrap">
                <div>
                  <Text fw={600}>
                    {s.bank} · {t('spind.nummer', { nummer: s.nummer })}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {t('spind.admin.endeteAm', { bis: formatDateTime(s.bis, i18n.language) })}
                  </Text>
                </div>
                <Button
                  variant="light"
                  color="red"
                  size="xs"
                  onClick={() => setFrage({ id: s.buchungId, nummer: s.nummer, bank: s.bank })}
                >
                  {t('spind.admin.raeumen')}
                </Button>
              </Group>
            </Card>
          ))}
        </Stack>
      )}
      <ConfirmDialog
        opened={frage !== null}
        title={t('spind.admin.raeumenTitel')}
        message={frage ? t('spind.admin.raeumenFrage', { nummer: frage.nummer, bank: frage.bank }) : ''}
        confirmLabel={t('spind.admin.raeumen')}
        cancelLabel={t('spind.abbrechen')}
        loading={raeumen.isPending}
        error={raeumen.error ? errorMessage(raeumen.error, t, i18n.language) : null}
        onClose={() => {
          setFrage(null);
          raeumen.reset();
        }}
        onConfirm={() => frage && raeumen.mutate(frage.id, { onSuccess: () => setFrage(null) })}
      />
    </>
  );
}

/**
 * Releases the vendor's lock system has not taken yet (decision 250): waiting for the next attempt, or given up and
 * sent again on request. Shown under the lockers to clear, and only when there is one.
 */
export function SchlossAuftraege() {
  const { t, i18n } = useTranslation();
  const liste = useSchlossAuftraege();
  const erneut = useSchlossAuftragErneut();
  if (liste.isPending || !liste.data || liste.data.length === 0) return null;
  return (
    <Stack gap="xs" component="section" aria-labelledby="schloss-auftraege-titel" mt="md">
      <Title order={2} fz="lg" id="schloss-auftraege-titel">
        {t('spind.admin.schlossTitel')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('spind.admin.schlossHilfe')}
      </Text>
      {erneut.data && (
        <Text size="sm" role="status">
          {erneut.data.gesendet > 0
            ? t('spind.admin.schlossGesendet')
            : t('spind.admin.schlossNichtGesendet')}
        </Text>
      )}
      {erneut.error && <ErrorAlert error={erneut.error} />}
      <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
        {liste.data.map((a) => (
          <Card key={a.id} withBorder padding="sm" component="li" data-testid="schloss-auftrag">
            <Group justify="space-between" wrap="wrap">
              <div>
                <Text fw={600}>
                  {a.bank} · {t('spind.nummer', { nummer: a.nummer })}
                </Text>
                <Text size="sm">
                  {a.status === 'aufgegeben'
                    ? t('spind.admin.schlossAufgegeben', { versuche: a.versuche })
                    : t('spind.admin.schlossOffen', {
                        versuche: a.versuche,
                        wann: a.naechsterVersuch ? formatDateTime(a.naechsterVersuch, i18n.language) : '',
                      })}
                </Text>
                {a.letzterFehler && (
                  <Text size="sm" c="dimmed">
                    {t('spind.admin.schlossFehler', { fehler: a.letzterFehler })}
                  </Text>
                )}
              </div>
              {a.status === 'aufgegeben' && (
                <Button
                  variant="light"
                  size="xs"
                  loading={erneut.isPending && erneut.variables === a.id}
                  onClick={() => erneut.mutate(a.id)}
                >
                  {t('spind.admin.schlossErneut')}
                </Button>
              )}
            </Group>
          </Card>
        ))}
      </Stack>
    </Stack>
  );
}

/** Locker banks per location, their lockers, CSV import and permanent assignments. */
export function SpindVerwaltung() {
  const { t } = useTranslation();
  const banken = useSpindbanken();
  const standorte = useSpindStandorte();
  const name = (id: string) => standorte.data?.find((s) => s.id === id)?.name ?? '';
  return (
    <Stack gap="md">
      <BankAnlegen />
      {banken.isPending ? (
        <LoadingState rows={3} />
      ) : banken.error ? (
        <ErrorAlert error={banken.error} onRetry={() => void banken.refetch()} />
      ) : banken.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('spind.admin.keineBanken')}
        </Text>
      ) : (
        <>
          {banken.data.map((b) => (
            <BankKarte key={b.id} bank={b} standortName={name(b.standortId)} />
          ))}
          <Zuweisung banken={banken.data} />
          <SpindZuweisungen banken={banken.data} />
        </>
      )}
    </Stack>
  );
}
