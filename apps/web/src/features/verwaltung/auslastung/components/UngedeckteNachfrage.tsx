import { Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { TFahrzeugAuslastung } from '@stellwerk/domain/verwaltung/auslastung/api';
import { useTranslation } from 'react-i18next';
import { AnzahlBalken, DiagrammMitTabelle, useZahl } from '../../../../components/KennzahlBausteine';

type Nachfrage = NonNullable<TFahrzeugAuslastung['nachfrage']>;

function AnzahlTabelle({ titel, zeilen }: { titel: string; zeilen: Nachfrage['standorte'] }) {
  const { t } = useTranslation();
  const zahl = useZahl();
  return (
    <Paper withBorder p="md">
      <Title order={3} size="h4" mb="xs">
        {titel}
      </Title>
      {zeilen.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('auslastung.keineDaten')}
        </Text>
      ) : (
        <Table>
          <Table.Tbody>
            {zeilen.map((z) => (
              <Table.Tr key={z.schluessel}>
                <Table.Td>{z.bezeichnung}</Table.Td>
                <Table.Td ta="right">{zahl(z.anzahl)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Paper>
  );
}

/** Unmet vehicle demand (decision 246): searches that found every car taken, by hour, location and category. */
export function UngedeckteNachfrage({ nachfrage }: { nachfrage: Nachfrage }) {
  const { t } = useTranslation();
  const zahl = useZahl();
  const stunden = nachfrage.stunden.filter((s) => s.anzahl > 0);
  const spitze = stunden.reduce<(typeof stunden)[number] | null>(
    (a, s) => (a === null || s.anzahl > a.anzahl ? s : a),
    null,
  );
  const hh = (stunde: number) => `${String(stunde).padStart(2, '0')}:00`;
  return (
    <Stack gap="md">
      <DiagrammMitTabelle
        titel={t('auslastung.nachfrageTitel')}
        kennzahl="ungedeckteNachfrage"
        zusammenfassung={
          spitze
            ? t('auslastung.nachfrageText', {
                anzahl: zahl(nachfrage.gesamt),
                vorher: zahl(nachfrage.vorperiode),
                spitze: `${hh(spitze.stunde)} (${zahl(spitze.anzahl)})`,
              })
            : t('auslastung.nachfrageKeine', { vorher: zahl(nachfrage.vorperiode) })
        }
        zeilen={stunden}
        spalten={[
          { titel: t('auslastung.stunde'), wert: (s) => hh(s.stunde) },
          { titel: t('auslastung.anzahl'), wert: (s) => zahl(s.anzahl) },
        ]}
        diagramm={
          <AnzahlBalken
            daten={nachfrage.stunden.map((s) => ({ stunde: hh(s.stunde), anzahl: s.anzahl }))}
            schluessel="stunde"
            serien={[{ name: 'anzahl', label: t('auslastung.anzahl'), color: 'red.7' }]}
          />
        }
      />
      {nachfrage.gesamt > 0 && (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          <AnzahlTabelle titel={t('auslastung.nachfrageJeStandort')} zeilen={nachfrage.standorte} />
          <AnzahlTabelle titel={t('auslastung.nachfrageJeKategorie')} zeilen={nachfrage.kategorien} />
        </SimpleGrid>
      )}
      <Text size="xs" c="dimmed">
        {t('auslastung.nachfrageOhnePerson')}
      </Text>
    </Stack>
  );
}
