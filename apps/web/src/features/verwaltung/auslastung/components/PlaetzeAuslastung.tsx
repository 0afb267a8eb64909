import { Alert, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { TAufschluesselung, TLeseraumAuslastung } from '@stellwerk/domain/verwaltung/auslastung/api';
import { useTranslation } from 'react-i18next';
import {
  AnzahlBalken,
  DiagrammMitTabelle,
  Kennzahl,
  NennerHinweis,
  ProzentBalken,
  useProzent,
  useSprache,
  useZahl,
} from '../../../../components/KennzahlBausteine';

const WOCHENTAGE = [1, 2, 3, 4, 5, 6, 0];

export function Aufschluesselung({ titel, daten }: { titel: string; daten: TAufschluesselung }) {
  const { t } = useTranslation();
  const prozent = useProzent();
  const zeilen = [
    ...daten.zellen.map((z) => ({ name: z.bezeichnung, quote: z.quote })),
    ...(daten.sonstige
      ? [
          {
            name: t('auslastung.sonstige', { anzahl: daten.sonstige.anzahlZellen }),
            quote: daten.sonstige.quote,
          },
        ]
      : []),
  ];
  return (
    <Paper withBorder p="md">
      <Title order={3} size="h4" mb="xs">
        {titel}
      </Title>
      {zeilen.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('auslastung.zuWenigePersonen')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={260}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('auslastung.zelle')}</Table.Th>
                <Table.Th ta="right">{t('auslastung.auslastung')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {zeilen.map((z) => (
                <Table.Tr key={z.name}>
                  <Table.Td>{z.name}</Table.Td>
                  <Table.Td ta="right">{prozent(z.quote)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {daten.verborgen > 0 && (
        <Text size="xs" c="dimmed" mt="xs">
          {t('auslastung.verborgeneZellen', { anzahl: daten.verborgen })}
        </Text>
      )}
    </Paper>
  );
}

function Heatmap({ zellen }: { zellen: TLeseraumAuslastung['heatmap'] }) {
  const { t } = useTranslation();
  const sprache = useSprache();
  // 4 January 2026 is a Sunday: weekday w is that day plus w
  const wochentagName = (w: number, weekday: 'long' | 'short') =>
    new Intl.DateTimeFormat(sprache === 'en' ? 'en-GB' : 'de-DE', { weekday, timeZone: 'UTC' }).format(
      new Date(Date.UTC(2026, 0, 4 + w)),
    );
  const prozent = useProzent();
  const stunden = [...new Set(zellen.map((z) => z.stunde))].sort((a, b) => a - b);
  const tage = WOCHENTAGE.filter((w) => zellen.some((z) => z.wochentag === w));
  const wert = (w: number, s: number) =>
    zellen.find((z) => z.wochentag === w && z.stunde === s)?.quote ?? null;
  const spitze = zellen.reduce<(typeof zellen)[number] | null>(
    (b, z) => (z.quote !== null && z.quote > 0 && (!b || z.quote > (b.quote ?? -1)) ? z : b),
    null,
  );
  return (
    <Paper withBorder p="md">
      <Group gap={4} mb="xs">
        <Title order={3} size="h4">
          {t('auslastung.heatmap')}
        </Title>
        <NennerHinweis kennzahl="platzAuslastung" />
      </Group>
      <Text size="sm" mb="xs">
        {spitze
          ? t('auslastung.heatmapText', {
              tag: wochentagName(spitze.wochentag, 'long'),
              stunde: String(spitze.stunde).padStart(2, '0'),
              quote: prozent(spitze.quote),
            })
          : t('auslastung.keineDaten')}
      </Text>
      {zellen.length > 0 && (
        <Table.ScrollContainer minWidth={360}>
          <Table withColumnBorders fz="xs" captionSide="top">
            <Table.Caption>{t('auslastung.heatmapCaption')}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('auslastung.stunde')}</Table.Th>
                {tage.map((w) => (
                  <Table.Th key={w}>
                    <abbr title={wochentagName(w, 'long')}>{wochentagName(w, 'short')}</abbr>
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {stunden.map((s) => (
                <Table.Tr key={s}>
                  <Table.Th scope="row">{`${String(s).padStart(2, '0')}:00`}</Table.Th>
                  {tage.map((w) => {
                    const q = wert(w, s);
                    return (
                      <Table.Td
                        key={w}
                        ta="center"
                        style={{
                          background: q === null ? undefined : `rgba(34, 139, 230, ${0.08 + q * 0.6})`,
                          color: q !== null && q > 0.6 ? 'white' : undefined,
                        }}
                      >
                        {prozent(q)}
                      </Table.Td>
                    );
                  })}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Paper>
  );
}

export function PlaetzeAuslastung({ daten }: { daten: TLeseraumAuslastung }) {
  const { t } = useTranslation();
  const prozent = useProzent();
  const zahl = useZahl();
  if (daten.verborgen)
    return (
      <Alert color="gray" title={t('auslastung.verborgenTitel')} role="note">
        {t('auslastung.verborgenText', { k: daten.k })}
      </Alert>
    );
  const b = daten.buchungen;
  const tag = (d: string) => d.split('-').reverse().join('.');
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="sm">
        <Kennzahl
          kennzahl="platzAuslastung"
          wert={prozent(daten.auslastung)}
          vergleich={t('auslastung.vorperiode', { wert: prozent(daten.vorperiodeAuslastung) })}
        />
        <Kennzahl kennzahl="platzAuslastungEingecheckt" wert={prozent(daten.auslastungEingecheckt)} />
        <Kennzahl
          kennzahl="spitzenTag"
          wert={prozent(daten.spitzenTag?.quote)}
          vergleich={daten.spitzenTag ? tag(daten.spitzenTag.tag) : undefined}
        />
        <Kennzahl
          kennzahl="noShowQuote"
          wert={prozent(b.noShowQuote)}
          vergleich={t('auslastung.gebuchtEingechecktFreigegeben', {
            gebucht: b.gebucht,
            eingecheckt: b.eingecheckt,
            freigegeben: b.freigegeben,
          })}
        />
        <Kennzahl kennzahl="verfalleneVormerkungen" wert={zahl(b.verfalleneVormerkungen)} />
        <Kennzahl kennzahl="stornierungen" wert={zahl(b.stornierungen)} />
      </SimpleGrid>
      <DiagrammMitTabelle
        titel={t('auslastung.jeTag')}
        kennzahl="platzAuslastung"
        zusammenfassung={t('auslastung.jeTagText', {
          tage: daten.tage.length,
          schnitt: prozent(daten.auslastung),
          spitze: prozent(daten.spitzenTag?.quote),
        })}
        zeilen={daten.tage}
        spalten={[
          { titel: t('auslastung.tag'), wert: (z) => tag(z.tag) },
          { titel: t('auslastung.gebucht'), wert: (z) => prozent(z.quote) },
          { titel: t('auslastung.eingecheckt'), wert: (z) => prozent(z.quoteEingecheckt) },
        ]}
        diagramm={
          <ProzentBalken
            daten={daten.tage.map((d) => ({
              tag: tag(d.tag).slice(0, 5),
              gebucht: d.quote,
              eingecheckt: d.quoteEingecheckt,
            }))}
            schluessel="tag"
            serien={[
              { name: 'gebucht', label: t('auslastung.gebucht'), color: 'blue.6' },
              { name: 'eingecheckt', label: t('auslastung.eingecheckt'), color: 'teal.8' },
            ]}
          />
        }
      />
      <Heatmap zellen={daten.heatmap} />
      <DiagrammMitTabelle
        titel={t('auslastung.stornoVorlauf')}
        kennzahl="stornierungen"
        zusammenfassung={t('auslastung.stornoText', {
          anzahl: b.stornierungen,
          verfallen: b.verfalleneVormerkungen,
        })}
        zeilen={[
          { name: t('auslastung.vorlauf.unterEinerStunde'), n: b.vorlauf.unterEinerStunde },
          { name: t('auslastung.vorlauf.biszuEinemTag'), n: b.vorlauf.biszuEinemTag },
          { name: t('auslastung.vorlauf.biszuEinerWoche'), n: b.vorlauf.biszuEinerWoche },
          { name: t('auslastung.vorlauf.laenger'), n: b.vorlauf.laenger },
          { name: t('auslastung.vorlauf.unbekannt'), n: b.vorlauf.unbekannt },
        ]}
        spalten={[
          { titel: t('auslastung.vorlaufSpalte'), wert: (z) => z.name },
          { titel: t('auslastung.anzahl'), wert: (z) => zahl(z.n) },
        ]}
        diagramm={
          <AnzahlBalken
            daten={[
              { name: t('auslastung.vorlauf.unterEinerStunde'), anzahl: b.vorlauf.unterEinerStunde },
              { name: t('auslastung.vorlauf.biszuEinemTag'), anzahl: b.vorlauf.biszuEinemTag },
              { name: t('auslastung.vorlauf.biszuEinerWoche'), anzahl: b.vorlauf.biszuEinerWoche },
              { name: t('auslastung.vorlauf.laenger'), anzahl: b.vorlauf.laenger },
            ]}
            schluessel="name"
            serien={[{ name: 'anzahl', label: t('auslastung.anzahl'), color: 'orange.7' }]}
          />
        }
      />
      <DiagrammMitTabelle
        titel={t('auslastung.vorschau')}
        kennzahl="vorschau"
        zusammenfassung={
          daten.vorschau.verborgen
            ? t('auslastung.zuWenigePersonen')
            : t('auslastung.vorschauText', {
                spitze: prozent(Math.max(0, ...daten.vorschau.tage.map((d) => d.quote ?? 0))),
              })
        }
        zeilen={daten.vorschau.tage}
        spalten={[
          { titel: t('auslastung.tag'), wert: (z) => tag(z.tag) },
          { titel: t('auslastung.erwartet'), wert: (z) => prozent(z.quote) },
        ]}
        diagramm={
          <ProzentBalken
            daten={daten.vorschau.tage.map((d) => ({ tag: tag(d.tag).slice(0, 5), erwartet: d.quote }))}
            schluessel="tag"
            serien={[{ name: 'erwartet', label: t('auslastung.erwartet'), color: 'grape.7' }]}
          />
        }
      />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Aufschluesselung titel={t('auslastung.jeStandort')} daten={daten.standorte} />
        <Aufschluesselung titel={t('auslastung.jeGrundriss')} daten={daten.grundrisse} />
      </SimpleGrid>
    </Stack>
  );
}
