import { Anchor, Text } from '@mantine/core';
import type { Bereich } from '@stellwerk/domain/leseraum/leseraum-buchung/api';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useEigenerPlatz } from '../api/eigener-platz-api';

/**
 * The user's own place (R081, decision 138), shown under "Mein Platz" on every day: it opens its plan's map with
 * the place. Nothing when the user has none.
 */
export function EigenerPlatz({ bereich }: { bereich: Bereich }) {
  const { t } = useTranslation();
  const platz = useEigenerPlatz(bereich);
  if (!platz.data) return null;
  const p = platz.data;
  return (
    <Text size="sm" data-testid="eigener-platz">
      <Anchor
        component={Link}
        to={bereich === 'leseraum' ? '/leseraum/karte' : '/arbeitswelt/karte'}
        search={{ grundriss: p.grundriss.id, platz: p.id } as never}
        fw={600}
      >
        {p.bezeichnung}
      </Anchor>
      <Text span size="xs" c="dimmed">
        {' · '}
        {p.grundriss.bezeichnung}
        {' · '}
        {t('eigenerPlatz.jedenTag')}
      </Text>
    </Text>
  );
}
