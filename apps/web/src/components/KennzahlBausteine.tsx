import { BarChart } from '@mantine/charts';
import {
  ActionIcon,
  Button,
  Card,
  Group,
  Paper,
  Stack,
  Table,
  Text,
  Title,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { KENNZAHLEN, type KennzahlName } from '@stellwerk/domain/verwaltung/auslastung/kennzahlen';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

export const useSprache = () => {
  const { i18n } = useTranslation();
  return i18n.language === 'en' ? 'en' : 'de';
};

export const useProzent = () => {
  const sprache = useSprache();
  const format = new Intl.NumberFormat(sprache === 'en' ? 'en-GB' : 'de-DE', {
    style: 'percent',
    maximumFractionDigits: 1,
  });
  return (q: number | null | undefined) => (q === null || q === undefined ? '–' : format.format(q));
};

export const useZahl = () => {
  const sprache = useSprache();
  const format = new Intl.NumberFormat(sprache === 'en' ? 'en-GB' : 'de-DE', { maximumFractionDigits: 1 });
  return (n: number) => format.format(n);
};

/** The figure's explanation of its denominator (from the domain's declaration), as a tooltip and for screen readers. */
export function NennerHinweis({ kennzahl }: { kennzahl: KennzahlName }) {
  const { t } = useTranslation();
  const sprache = useSprache();
  const k = KENNZAHLEN[kennzahl];
  const text = `${k.zaehler[sprache]} ${t('auslastung.geteiltDurch')} ${k.nenner[sprache]}`;
  return (
    <Tooltip label={text} multiline w={320} withArrow events={{ hover: true, focus: true, touch: true }}>
      <ActionIcon
        variant="subtle"
        size="sm"
        aria-label={`${t('auslastung.erklaerung')}: ${k.name[sprache]}. ${text}`}
      >
        ?
      </ActionIcon>
    </Tooltip>
  );
}

/** One figure with its name, value, comparison and the denominator's explanation. */
export function Kennzahl({
  kennzahl,
  wert,
  vergleich,
  titel,
}: {
  kennzahl: KennzahlName;
  wert: string;
  vergleich?: string;
  titel?: string;
}) {
  const sprache = useSprache();
  return (
    <Card withBorder padding="sm" miw={150} style={{ flex: '1 1 160px' }}>
      <Group gap={4} wrap="nowrap" justify="space-between" align="flex-start">
        <Text size="sm" c="dimmed">
          {titel ?? KENNZAHLEN[kennzahl].name[sprache]}
        </Text>
        <NennerHinweis kennzahl={kennzahl} />
      </Group>
      <Text fw={700} fz="xl">
        {wert}
      </Text>
      {vergleich && (
        <Text size="xs" c="dimmed">
          {vergleich}
        </Text>
      )}
    </Card>
  );
}

export type Spalte<T> = { titel: string; wert: (zeile: T) => string };

/** A chart with its text summary and a table alternative behind a button (keyboard reachable). */
export function DiagrammMitTabelle<T>({
  titel,
  kennzahl,
  zusammenfassung,
  zeilen,
  spalten,
  diagramm,
}: {
  titel: string;
  kennzahl: KennzahlName;
  zusammenfassung: string;
  zeilen: readonly T[];
  spalten: readonly Spalte<T>[];
  diagramm: React.ReactNode;
}) {
  const { t } = useTranslation();
  const [tabelle, setTabelle] = useState(false);
  const id = useId();
  return (
    <Paper withBorder p="md">
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap">
          <Group gap={4}>
            <Title order={3} size="h4">
              {titel}
            </Title>
            <NennerHinweis kennzahl={kennzahl} />
          </Group>
          <Button
            variant="subtle"
            size="compact-sm"
            aria-expanded={tabelle}
            aria-controls={id}
            onClick={() => setTabelle((v) => !v)}
          >
            {tabelle ? t('auslastung.diagrammZeigen') : t('auslastung.tabelleZeigen')}
          </Button>
        </Group>
        <Text size="sm">{zusammenfassung}</Text>
        {zeilen.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('auslastung.keineDaten')}
          </Text>
        ) : tabelle ? (
          <Table.ScrollContainer minWidth={280} id={id}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  {spalten.map((s) => (
                    <Table.Th key={s.titel}>{s.titel}</Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {zeilen.map((z) => (
                  // the first column names the row (a day, a month, a bucket): unique
                  <Table.Tr key={spalten[0]?.wert(z) ?? ''}>
                    {spalten.map((s) => (
                      <Table.Td key={s.titel}>{s.wert(z)}</Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ) : (
          <div id={id} role="img" aria-label={zusammenfassung}>
            {diagramm}
          </div>
        )}
      </Stack>
    </Paper>
  );
}

/** A bar chart of shares (0–1) shown as percent. */
export function ProzentBalken({
  daten,
  schluessel,
  serien,
}: {
  daten: Record<string, string | number | null>[];
  schluessel: string;
  serien: { name: string; label: string; color: string }[];
}) {
  const prozent = useProzent();
  return (
    <BarChart
      h={240}
      data={daten}
      dataKey={schluessel}
      series={serien}
      valueFormatter={(v) => prozent(v)}
      yAxisProps={{ domain: [0, 1], tickFormatter: (v: number) => prozent(v) }}
      withLegend={serien.length > 1}
      legendProps={{ verticalAlign: 'bottom' }}
      tickLine="y"
    />
  );
}

export { VisuallyHidden };

/** A bar chart of counts. */
export function AnzahlBalken({
  daten,
  schluessel,
  serien,
}: {
  daten: Record<string, string | number>[];
  schluessel: string;
  serien: { name: string; label: string; color: string }[];
}) {
  return (
    <BarChart
      h={220}
      data={daten}
      dataKey={schluessel}
      series={serien}
      withLegend={serien.length > 1}
      legendProps={{ verticalAlign: 'bottom' }}
      tickLine="y"
    />
  );
}
