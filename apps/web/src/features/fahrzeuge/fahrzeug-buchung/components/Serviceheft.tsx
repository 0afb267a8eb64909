import {
  Badge,
  Button,
  Group,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { SERVICEHEFT_TYPEN, type ServiceheftTyp } from '@stellwerk/domain/fahrzeuge/fahrzeug/serviceheft';
import { isPruefungUeberfaellig } from '@stellwerk/domain/fahrzeuge/fahrzeug-benachrichtigung/pruefung';
import { berlinDateKey, berlinInstant, formatDateDE, parseDateDE } from '@stellwerk/domain/time';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../../components/ErrorAlert';
import { LoadingState } from '../../../../components/LoadingState';
import { useNeuerServiceheftEintrag, useServiceheft } from '../api/serviceheft-api';

/** The type names (static keys, so the translation check sees each one). */
const useTypNamen = (): Record<ServiceheftTyp, string> => {
  const { t } = useTranslation();
  return {
    WARTUNG: t('serviceheft.typen.WARTUNG'),
    SERVICE: t('serviceheft.typen.SERVICE'),
    HU: t('serviceheft.typen.HU'),
    UVV: t('serviceheft.typen.UVV'),
    REPARATUR: t('serviceheft.typen.REPARATUR'),
    REIFEN: t('serviceheft.typen.REIFEN'),
    SONSTIGES: t('serviceheft.typen.SONSTIGES'),
  };
};

const tag = (day: string) => formatDateDE(berlinInstant(day, '12:00'));

/** The next due day of an inspection, marked when it lies in the past. */
function Faelligkeit({ label, tag: faelligAm }: { label: string; tag: string | null }) {
  const { t } = useTranslation();
  const ueberfaellig = isPruefungUeberfaellig({ faelligAm, now: new Date() });
  return (
    <Group gap={6} wrap="nowrap" data-ueberfaellig={ueberfaellig || undefined}>
      <Text size="sm" c={ueberfaellig ? 'red.8' : undefined} fw={ueberfaellig ? 700 : undefined}>
        {label}: {faelligAm ? tag(faelligAm) : t('serviceheft.keinDatum')}
      </Text>
      {ueberfaellig && (
        <Badge size="sm" color="red" variant="filled" tt="none">
          {t('serviceheft.ueberfaellig')}
        </Badge>
      )}
    </Group>
  );
}
const alsTag = (text: string): string | null | undefined => {
  if (!text.trim()) return null;
  const d = parseDateDE(text);
  return d ? berlinDateKey(d) : undefined;
};

/** The "new entry" dialog of the service book: type, description, period (and the next HU/UVV due day). */
function NeuerEintragDialog({
  fahrzeugId,
  opened,
  onClose,
}: {
  fahrzeugId: string;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const speichern = useNeuerServiceheftEintrag(fahrzeugId);
  const typNamen = useTypNamen();
  const [typ, setTyp] = useState<ServiceheftTyp>('WARTUNG');
  const [beschreibung, setBeschreibung] = useState('');
  const [von, setVon] = useState(formatDateDE(new Date()));
  const [bis, setBis] = useState('');
  const [naechste, setNaechste] = useState('');
  const [fehler, setFehler] = useState<Record<string, string>>({});
  const pruefung = typ === 'HU' || typ === 'UVV';
  const absenden = () => {
    const e: Record<string, string> = {};
    const vonTag = alsTag(von);
    const bisTag = alsTag(bis);
    const naechsteTag = pruefung ? alsTag(naechste) : null;
    if (!beschreibung.trim()) e.beschreibung = t('serviceheft.pflichtfeld');
    if (!vonTag) e.von = t('serviceheft.datumUngueltig');
    if (bisTag === undefined) e.bis = t('serviceheft.datumUngueltig');
    if (naechsteTag === undefined) e.naechste = t('serviceheft.datumUngueltig');
    if (vonTag && bisTag && bisTag < vonTag) e.bis = t('serviceheft.bisVorVon');
    setFehler(e);
    if (Object.keys(e).length > 0 || !vonTag) return;
    speichern.mutate(
      {
        typ,
        beschreibung: beschreibung.trim(),
        von: vonTag,
        bis: bisTag ?? null,
        naechsteFaelligkeit: naechsteTag ?? null,
      },
      {
        onSuccess: () => {
          setBeschreibung('');
          setBis('');
          setNaechste('');
          onClose();
        },
      },
    );
  };
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('serviceheft.neuerEintrag')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack gap="sm">
        {speichern.error && <ErrorAlert error={speichern.error} />}
        <Select
          label={t('serviceheft.typ')}
          data={SERVICEHEFT_TYPEN.map((x) => ({ value: x, label: typNamen[x] }))}
          value={typ}
          onChange={(v) => v && setTyp(v as ServiceheftTyp)}
          allowDeselect={false}
          required
        />
        <Textarea
          label={t('serviceheft.beschreibung')}
          value={beschreibung}
          onChange={(e) => setBeschreibung(e.currentTarget.value)}
          error={fehler.beschreibung}
          maxLength={2000}
          autosize
          minRows={2}
          required
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput
            label={t('serviceheft.von')}
            placeholder="TT.MM.JJJJ"
            value={von}
            onChange={(e) => setVon(e.currentTarget.value)}
            error={fehler.von}
            maxLength={10}
            required
          />
          <TextInput
            label={t('serviceheft.bis')}
            placeholder="TT.MM.JJJJ"
            value={bis}
            onChange={(e) => setBis(e.currentTarget.value)}
            error={fehler.bis}
            maxLength={10}
          />
        </SimpleGrid>
        {pruefung && (
          <TextInput
            label={t('serviceheft.naechsteFaelligkeit')}
            placeholder="TT.MM.JJJJ"
            value={naechste}
            onChange={(e) => setNaechste(e.currentTarget.value)}
            error={fehler.naechste}
            maxLength={10}
          />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('serviceheft.abbrechen')}
          </Button>
          <Button onClick={absenden} loading={speichern.isPending}>
            {t('serviceheft.speichern')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** The vehicle's service book (spec §2 vehicle detail): HU and UVV due days, entries and blocks, a new entry. */
export function Serviceheft({ fahrzeugId }: { fahrzeugId: string }) {
  const { t } = useTranslation();
  const heft = useServiceheft(fahrzeugId);
  const [dialog, setDialog] = useState(false);
  const h = heft.data;
  const typNamen = useTypNamen();
  const typText = (typ: string) =>
    (SERVICEHEFT_TYPEN as readonly string[]).includes(typ) ? typNamen[typ as ServiceheftTyp] : typ;
  return (
    <section aria-labelledby="serviceheft-titel">
      <Group justify="space-between" mb={6}>
        <Title order={3} fz="md" id="serviceheft-titel">
          {t('serviceheft.titel')}
        </Title>
        {h?.kannErfassen && (
          <Button size="xs" variant="light" onClick={() => setDialog(true)}>
            {t('serviceheft.neuerEintrag')}
          </Button>
        )}
      </Group>
      {heft.isPending && <LoadingState rows={2} />}
      {heft.error && <ErrorAlert error={heft.error} onRetry={() => void heft.refetch()} />}
      {h && (
        <Stack gap="xs">
          <Group gap="md">
            <Faelligkeit label={t('serviceheft.hu')} tag={h.huFaelligAm} />
            <Faelligkeit label={t('serviceheft.uvv')} tag={h.uvvFaelligAm} />
          </Group>
          {h.eintraege.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('serviceheft.leer')}
            </Text>
          ) : (
            <Table.ScrollContainer minWidth={360}>
              <Table striped fz="sm" aria-label={t('serviceheft.titel')}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('serviceheft.typ')}</Table.Th>
                    <Table.Th>{t('serviceheft.zeitraum')}</Table.Th>
                    <Table.Th>{t('serviceheft.beschreibung')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {h.eintraege.map((e) => (
                    <Table.Tr key={e.id}>
                      <Table.Td>{typText(e.typ)}</Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>
                        {tag(e.von)}
                        {e.bis && e.bis !== e.von ? ` – ${tag(e.bis)}` : ''}
                      </Table.Td>
                      <Table.Td>
                        {e.beschreibung}
                        {e.quelle === 'sperre' && (
                          <Text span size="xs" c="dimmed">
                            {' '}
                            ({t('serviceheft.sperre')})
                          </Text>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Stack>
      )}
      <NeuerEintragDialog fahrzeugId={fahrzeugId} opened={dialog} onClose={() => setDialog(false)} />
    </section>
  );
}
