import { List, Stack, Text } from '@mantine/core';
import type { TFahrzeugStornoVorschau } from '@stellwerk/domain/fahrzeuge/fahrzeug/api';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../../components/ConfirmModal';
import { formatDateTime } from '../../../../lib/format-date';

/**
 * Before a vehicle change is saved: the bookings it cancels (period, type, booker) and the reason they will
 * carry (spec §4); every booker gets a mail.
 */
export function StornoBestaetigung({
  vorschau,
  bestaetigenLabel,
  loading,
  error,
  onConfirm,
  onClose,
}: {
  vorschau: TFahrzeugStornoVorschau;
  bestaetigenLabel: string;
  loading?: boolean;
  error?: string | null;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const typ = {
    BUCHUNG: t('adminFahrzeuge.typ.BUCHUNG'),
    WARTUNG: t('adminFahrzeuge.typ.WARTUNG'),
    SERVICE: t('adminFahrzeuge.typ.SERVICE'),
    DEFEKT: t('adminFahrzeuge.typ.DEFEKT'),
  };
  const anzahl = vorschau.buchungen.length;
  return (
    <ConfirmModal
      opened
      title={
        anzahl > 0 ? t('adminFahrzeuge.stornoTitel', { count: anzahl }) : t('adminFahrzeuge.bestaetigenTitel')
      }
      confirmLabel={bestaetigenLabel}
      onConfirm={onConfirm}
      onClose={onClose}
      loading={loading}
      error={error}
    >
      <Stack gap="sm">
        <Text size="sm">
          {anzahl > 0 ? t('adminFahrzeuge.stornoText', { count: anzahl }) : t('adminFahrzeuge.keineStornos')}
        </Text>
        {vorschau.grund && (
          <Text size="sm">
            {t('adminFahrzeuge.stornoGrund')} <q>{vorschau.grund}</q>
          </Text>
        )}
        {anzahl > 0 && (
          <List
            size="sm"
            spacing={4}
            mah={260}
            style={{ overflowY: 'auto' }}
            aria-label={t('adminFahrzeuge.betroffeneBuchungen')}
          >
            {vorschau.buchungen.map((b) => (
              <List.Item key={b.id}>
                <Text size="sm" component="span" fw={500}>
                  {formatDateTime(b.von, i18n.language)} – {formatDateTime(b.bis, i18n.language)}
                </Text>
                <Text size="sm" component="span">
                  {' · '}
                  {typ[b.typ]}
                  {b.buchender ? ` · ${b.buchender}` : ''}
                </Text>
              </List.Item>
            ))}
          </List>
        )}
      </Stack>
    </ConfirmModal>
  );
}
