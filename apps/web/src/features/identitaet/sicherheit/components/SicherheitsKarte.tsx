import { Card, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { ErrorAlert } from '../../../../components/ErrorAlert';
import { LoadingState } from '../../../../components/LoadingState';

/** The part of a query a card shows while it loads or when it failed. */
type Abfrage = { isPending: boolean; error: Error | null; refetch: () => unknown };

/**
 * One card of the security page (ways to sign in, second factors, SMS, passkeys, sessions): a section named by its
 * heading, a short description, the loading state and the error with "try again" of its list, then its content.
 */
export function SicherheitsKarte({
  id,
  titel,
  beschreibung,
  abfrage,
  ladeZeilen,
  children,
}: {
  /** The heading's id, which names the section for assistive technology. */
  id: string;
  titel: ReactNode;
  beschreibung: ReactNode;
  abfrage?: Abfrage;
  ladeZeilen?: number;
  children: ReactNode;
}) {
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={id}>
      <Stack gap="md">
        <Title order={2} fz="lg" id={id}>
          {titel}
        </Title>
        <Text size="sm" c="dimmed">
          {beschreibung}
        </Text>
        {abfrage?.isPending && <LoadingState rows={ladeZeilen} />}
        {abfrage?.error && <ErrorAlert error={abfrage.error} onRetry={() => void abfrage.refetch()} />}
        {children}
      </Stack>
    </Card>
  );
}
