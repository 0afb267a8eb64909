import { Button, Table, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * The table of a security card (ways to sign in, factors, passkeys, sessions): named for assistive technology,
 * scrolling sideways on a phone, its column headings and, where rows have buttons, a heading for them that only
 * screen readers hear. The rows are the caller's.
 */
export function SicherheitsTabelle({
  label,
  testId,
  spalten,
  aktionen,
  children,
}: {
  label: string;
  testId?: string;
  spalten: readonly string[];
  /** The heading of the buttons' column, when the rows have one. */
  aktionen?: string;
  children: ReactNode;
}) {
  return (
    <Table.ScrollContainer minWidth={0}>
      <Table verticalSpacing="sm" aria-label={label} data-testid={testId}>
        <Table.Thead>
          <Table.Tr>
            {spalten.map((spalte) => (
              <Table.Th key={spalte}>{spalte}</Table.Th>
            ))}
            {aktionen !== undefined && (
              <Table.Th>
                <VisuallyHidden>{aktionen}</VisuallyHidden>
              </Table.Th>
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * The button that removes or disconnects a row of a security card (a way to sign in, a factor, a passkey): the
 * same red, light button on every card. `label` names the row for screen readers; the dialog that asks first is
 * the caller's.
 */
export function EntfernenKnopf({
  label,
  disabled,
  onClick,
  children,
}: {
  label: string;
  disabled?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Button size="xs" color="red" variant="light" disabled={disabled} onClick={onClick} aria-label={label}>
      {children}
    </Button>
  );
}
