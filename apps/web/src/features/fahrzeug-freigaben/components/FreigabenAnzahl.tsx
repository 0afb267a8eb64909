import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The number of trips awaiting the approver, for the menu entry (hidden at zero). */
export function FreigabenAnzahl({ anzahl }: { anzahl: number | undefined }) {
  const { t } = useTranslation();
  if (!anzahl) return null;
  return (
    <Badge
      size="sm"
      circle={anzahl < 10}
      color="red.9"
      aria-label={t('fahrzeugFreigaben.anzahl', { count: anzahl })}
    >
      {anzahl}
    </Badge>
  );
}
