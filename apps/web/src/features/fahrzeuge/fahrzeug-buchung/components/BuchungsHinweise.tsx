import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { formatError, isErrorCode } from '@stellwerk/domain/errors';
import type { TFahrzeugBuchung } from '@stellwerk/domain/fahrzeuge/fahrzeug-buchung/api';
import { useTranslation } from 'react-i18next';
import { zeitraumText } from '../hooks/zeit-felder';

/** Alert titles in dark text: the light colours' own title text misses 4.5:1 (axe). */
const LESBARER_TITEL = { title: { color: 'var(--mantine-color-dark-7)' } };

/**
 * What the booking dialog shows after the server accepted a booking with warnings (hinweise): the booking made or
 * changed, then each warning, until the user closes it.
 */
export function BuchungsHinweise({
  gespeichert,
  geaendert,
  onClose,
}: {
  gespeichert: Pick<TFahrzeugBuchung, 'fahrzeug' | 'von' | 'bis' | 'hinweise'>;
  /** an existing booking was changed (not a new one made) */
  geaendert: boolean;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.language === 'en' ? 'en' : 'de';
  return (
    <Stack gap="sm">
      <Alert
        color="teal"
        styles={LESBARER_TITEL}
        title={geaendert ? t('fahrzeugBuchung.dialog.geaendert') : t('fahrzeugBuchung.dialog.gebucht')}
      >
        {t('fahrzeugBuchung.dialog.gebuchtText', {
          fahrzeug: `${gespeichert.fahrzeug.marke} ${gespeichert.fahrzeug.modell} (${gespeichert.fahrzeug.kennzeichen})`,
          zeitraum: zeitraumText(gespeichert.von, gespeichert.bis, i18n.language),
        })}
      </Alert>
      <Alert color="yellow" title={t('fahrzeugBuchung.hinweise.titel')} role="status" styles={LESBARER_TITEL}>
        <Stack gap={4}>
          {(gespeichert.hinweise ?? []).map((h) => (
            <Text key={h.code} size="sm">
              {isErrorCode(h.code) ? formatError(h.code, language, h.params) : h.code}
            </Text>
          ))}
        </Stack>
      </Alert>
      <Group justify="flex-end">
        <Button onClick={onClose}>{t('fahrzeugBuchung.hinweise.verstanden')}</Button>
      </Group>
    </Stack>
  );
}
