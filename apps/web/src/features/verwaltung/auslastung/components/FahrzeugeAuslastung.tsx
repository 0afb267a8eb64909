import { Alert, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { TFahrzeugAuslastung } from '@stellwerk/domain/verwaltung/auslastung/api';
import { useTranslation } from 'react-i18next';
import {
  AnzahlBalken,
  DiagrammMitTabelle,
  Kennzahl,
  NennerHinweis,
  useProzent,
  useZahl,
} from '../../../../components/KennzahlBausteine';
import { Aufschluesselung } from './PlaetzeAuslastung';
import { UngedeckteNachfrage } from './UngedeckteNachfrage';

export function FahrzeugeAuslastung({ daten }: { daten: TFahrzeugAuslastung }) {
  const { t } = useTranslation();
  const prozent = useProzent();
  const zahl = useZahl();
  const k = daten.kandidaten;
  const empfehlung = (
    <Paper withBorder p="md">
      <Title order={3} size="h4" mb="xs">
        {t('auslastung.kandidaten', { schwelle: k.schwelle })} <NennerHinweis kennzahl="abgabeKandidaten" />
      </Title>
      {k.fahrzeuge.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('auslastung.keineKandidaten')}
        </Text>
      ) : (
        <>
          <Text size="sm" mb="xs">
            {t('auslastung.kandidatenText', { anzahl: k.fahrzeuge.length, schwelle: k.schwelle })}
          </Text>
          <Table.ScrollContainer minWidth={300}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('auslastung.fahrzeug')}</Table.Th>
                  <Table.Th ta="right">{t('auslastung.auslastung')}</Table.Th>
                  <Table.Th ta="right">{t('auslastung.gebuchteStunden')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {k.fahrzeuge.map((f) => (
                  <Table.Tr key={f.id}>
                    <Table.Td>{f.bezeichnung}</Table.Td>
                    <Table.Td ta="right">{prozent(f.quote)}</Table.Td>
                    <Table.Td ta="right">{zahl(f.gebuchteStunden)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </>
      )}
      {k.verborgen > 0 && (
        <Text size="xs" c="dimmed" mt="xs">
          {t('auslastung.verborgeneFahrzeuge', { anzahl: k.verborgen })}
        </Text>
      )}
    </Paper>
  );
  if (daten.verborgen)
    return (
      <Stack gap="md">
        <Alert color="gray" title={t('auslastung.verborgenTitel')} role="note">
          {t('auslastung.verborgenText', { k: daten.k })}
        </Alert>
        {empfehlung}
      </Stack>
    );
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="sm">
        <Kennzahl
          kennzahl="fahrzeugAuslastungGebucht"
          wert={prozent(daten.auslastungGebucht)}
          vergleich={t('auslastung.vorperiode', { wert: prozent(daten.vorperiodeGebucht) })}
        />
        <Kennzahl
          kennzahl="fahrzeugAuslastungGefahren"
          wert={prozent(daten.auslastungGefahren)}
          vergleich={t('auslastung.buchbareStunden', { stunden: zahl(daten.buchbareStunden) })}
        />
        <Kennzahl
          kennzahl="standtage"
          wert={zahl(daten.standtage)}
          vergleich={t('auslastung.vonTagen', { tage: daten.buchbareTage })}
        />
        <Kennzahl kennzahl="privatAnteil" titel={t('auslastung.privat')} wert={prozent(daten.privatAnteil)} />
        <Kennzahl
          kennzahl="privatAnteil"
          titel={t('auslastung.arbeitsweg')}
          wert={prozent(daten.arbeitswegAnteil)}
        />
      </SimpleGrid>
      <DiagrammMitTabelle
        titel={t('auslastung.fahrtenJeMonat')}
        kennzahl="fahrten"
        zusammenfassung={t('auslastung.fahrtenText', {
          fahrten: daten.monate.reduce((s, m) => s + m.fahrten, 0),
          km: zahl(daten.monate.reduce((s, m) => s + m.km, 0)),
        })}
        zeilen={daten.monate}
        spalten={[
          { titel: t('auslastung.monat'), wert: (m) => m.monat },
          { titel: t('auslastung.fahrten'), wert: (m) => zahl(m.fahrten) },
          { titel: t('auslastung.km'), wert: (m) => zahl(m.km) },
          { titel: t('auslastung.kmPrivat'), wert: (m) => zahl(m.kmPrivat) },
          { titel: t('auslastung.kmArbeitsweg'), wert: (m) => zahl(m.kmArbeitsweg) },
        ]}
        diagramm={
          <AnzahlBalken
            daten={daten.monate.map((m) => ({
              monat: m.monat,
              km: m.km - m.kmPrivat - m.kmArbeitsweg,
              kmPrivat: m.kmPrivat,
              kmArbeitsweg: m.kmArbeitsweg,
            }))}
            schluessel="monat"
            serien={[
              { name: 'km', label: t('auslastung.kmDienstlich'), color: 'blue.6' },
              { name: 'kmPrivat', label: t('auslastung.kmPrivat'), color: 'orange.7' },
              { name: 'kmArbeitsweg', label: t('auslastung.kmArbeitsweg'), color: 'teal.8' },
            ]}
          />
        }
      />
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
        <Aufschluesselung titel={t('auslastung.jeStandort')} daten={daten.standorte} />
        <Aufschluesselung titel={t('auslastung.jeKategorie')} daten={daten.kategorien} />
        <Aufschluesselung titel={t('auslastung.jeFahrzeug')} daten={daten.fahrzeugeAufgeschluesselt} />
      </SimpleGrid>
      {daten.nachfrage && <UngedeckteNachfrage nachfrage={daten.nachfrage} />}
      {empfehlung}
    </Stack>
  );
}
