import { Anchor, Stack, Text } from '@mantine/core';
import type { Bereich } from '@stellwerk/domain/leseraum/leseraum-buchung/api';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../../components/ErrorAlert';
import { useLieblingsPlaetze } from '../api/leseraum-api';
import type { TPlatzSuche } from '../hooks/platz-suche';

/**
 * The sidebar's favourite places (spec §2, LeseraumLieblingsPlatz): each opens its plan's map with the
 * place's dialog for the day and period chosen; the star on a place (dialog or list) adds or removes it.
 */
export function LieblingsPlaetze({ bereich }: { bereich: Bereich }) {
  const { t } = useTranslation();
  const list = useLieblingsPlaetze(bereich);
  if (list.isPending)
    return (
      <Text size="sm" c="dimmed">
        {t('common.loading')}
      </Text>
    );
  if (list.error) return <ErrorAlert error={list.error} onRetry={() => void list.refetch()} />;
  if (list.data.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('leseraumLieblinge.keine')}
      </Text>
    );
  return (
    <Stack gap={4} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
      {list.data.map((p) => (
        <li key={p.id}>
          <Anchor
            component={Link}
            to={bereich === 'leseraum' ? '/leseraum/karte' : '/arbeitswelt/karte'}
            // the chosen day, mode and hours stay (not today)
            search={
              ((prev: TPlatzSuche) => ({
                ...prev,
                grundriss: p.grundriss.id,
                platz: p.id,
                checkin: undefined,
              })) as never
            }
            size="sm"
          >
            {p.bezeichnung}
          </Anchor>
          <Text span size="xs" c="dimmed">
            {' · '}
            {p.grundriss.bezeichnung}
            {p.aktiv ? '' : ` · ${t('leseraumLieblinge.inaktiv')}`}
          </Text>
        </li>
      ))}
    </Stack>
  );
}
