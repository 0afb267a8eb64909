import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The number of holds waiting for booking staff, for the menu entry (hidden at zero). */
export function WartendeAnzahl({ anzahl }: { anzahl: number | undefined }) {
  const { t } = useTranslation();
  if (!anzahl) return null;
  return (
    <Badge
      size="sm"
      circle={anzahl < 10}
      color="red.9"
      aria-label={t('bestaetigungen.anzahl', { count: anzahl })}
    >
      {anzahl}
    </Badge>
  );
}
