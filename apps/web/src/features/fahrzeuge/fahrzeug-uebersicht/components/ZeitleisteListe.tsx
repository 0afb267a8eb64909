import { Button, Card, Group, Stack, Text } from '@mantine/core';
import { isBuchbar } from '@stellwerk/domain/fahrzeuge/fahrzeug-buchung/zeitleiste';
import { useTranslation } from 'react-i18next';
import { useArtText } from '../hooks/art-text';
import { zeitraumText } from '../hooks/zeit-text';
import type { ZeitleistenModell } from '../hooks/zeitleiste-modell';
import type { BuchenZiel } from './Zeitleiste';
import classes from './Zeitleiste.module.css';

/**
 * The timeline on a narrow screen: a card per vehicle listing its stretches in time order (the past left
 * out), each free one with a button that opens the booking for it.
 */
export function ZeitleisteListe({
  modell,
  onBuchen,
}: {
  modell: ZeitleistenModell;
  onBuchen: (ziel: BuchenZiel) => void;
}) {
  const { t, i18n } = useTranslation();
  const artText = useArtText();
  const mitTag = modell.schrittMinuten !== 15;
  return (
    <Stack gap="sm" data-testid="zeitleiste-liste">
      {modell.zeilen.map((z) => (
        <Card
          key={z.fahrzeug.id}
          withBorder
          padding="sm"
          component="section"
          aria-label={z.fahrzeug.kennzeichen}
        >
          <Text fw={600}>{z.fahrzeug.kennzeichen}</Text>
          <Text size="sm" c="dimmed" mb="xs">
            {z.fahrzeug.marke} {z.fahrzeug.modell}
          </Text>
          <Stack gap={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {z.abschnitte
              .filter((a) => a.art !== 'vergangen')
              .map((a) => {
                const zeitraum = zeitraumText(a.von, a.bis, i18n.language, mitTag);
                return (
                  <Group
                    key={a.von.toISOString()}
                    component="li"
                    justify="space-between"
                    gap="xs"
                    wrap="nowrap"
                  >
                    <Group gap="xs" wrap="nowrap">
                      <span className={`${classes.swatch} ${classes[a.art]}`} aria-hidden="true" />
                      <Text size="sm">
                        {zeitraum} · {artText[a.art]}
                      </Text>
                    </Group>
                    {isBuchbar(a.art) && (
                      <Button
                        size="compact-sm"
                        variant="light"
                        aria-label={t('fahrzeugUebersicht.buchenFuer', {
                          fahrzeug: z.fahrzeug.kennzeichen,
                          zeitraum,
                        })}
                        onClick={() => onBuchen({ fahrzeugId: z.fahrzeug.id, von: a.von, bis: a.bis })}
                      >
                        {t('fahrzeugUebersicht.buchen')}
                      </Button>
                    )}
                  </Group>
                );
              })}
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}
