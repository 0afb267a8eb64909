import { Group, Text } from '@mantine/core';
import { ABSCHNITT_ARTEN } from '@stellwerk/domain/fahrzeuge/fahrzeug-buchung/zeitleiste';
import { useTranslation } from 'react-i18next';
import { useArtText } from '../hooks/art-text';
import classes from './Zeitleiste.module.css';

/** What the colours of the timeline mean. */
export function Legende() {
  const { t } = useTranslation();
  const artText = useArtText();
  return (
    <Group
      gap="md"
      component="ul"
      aria-label={t('fahrzeugUebersicht.legende')}
      style={{ listStyle: 'none', padding: 0 }}
    >
      {ABSCHNITT_ARTEN.map((art) => (
        <Group key={art} component="li" gap={6} wrap="nowrap">
          <span className={`${classes.swatch} ${classes[art]}`} aria-hidden="true" />
          <Text size="sm">{artText[art]}</Text>
        </Group>
      ))}
    </Group>
  );
}
