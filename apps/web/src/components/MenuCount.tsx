import { Badge } from '@mantine/core';

/**
 * A count beside a menu entry (trips awaiting the approver, holds awaiting booking staff): hidden at zero, its
 * accessible name says what is counted.
 */
export function MenuCount({ anzahl, label }: { anzahl: number | undefined; label: string }) {
  if (!anzahl) return null;
  return (
    <Badge size="sm" circle={anzahl < 10} color="red.9" aria-label={label}>
      {anzahl}
    </Badge>
  );
}
