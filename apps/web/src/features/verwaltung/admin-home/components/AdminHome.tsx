import { Alert, Button, Card, SimpleGrid, Skeleton, Stack, Text, UnstyledButton } from '@mantine/core';
import type { TMe } from '@stellwerk/domain/api';
import { isPermissionName } from '@stellwerk/domain/permissions';
import { visibleAdminMenu } from '@stellwerk/domain/screens';
import type { TAdminUebersicht } from '@stellwerk/domain/verwaltung/admin-stammdaten.api';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useAdminUebersicht } from '../api/get-uebersicht';

/** The count shown on an area's card; undefined when the area has none. */
const countOf = (path: string, counts: TAdminUebersicht): number | null | undefined => {
  const byPath: Record<string, number | null> = {
    '/admin/benutzer': counts.benutzer,
    '/admin/gruppen': counts.gruppen,
    '/admin/rollen': counts.rollen,
    '/admin/lokationen': counts.standorte,
    '/admin/fahrzeuge': counts.fahrzeuge,
    '/admin/raeume': counts.grundrisse,
  };
  return byPath[path];
};

const COUNTED = new Set([
  '/admin/benutzer',
  '/admin/gruppen',
  '/admin/rollen',
  '/admin/lokationen',
  '/admin/fahrzeuge',
  '/admin/raeume',
]);

function AreaCard({
  to,
  title,
  count,
  hint,
  loading,
}: {
  to: string;
  title: string;
  count?: number | null;
  hint?: string;
  loading: boolean;
}) {
  return (
    <UnstyledButton component={Link} to={to} style={{ display: 'block', height: '100%' }}>
      <Card withBorder padding="lg" radius="md" h="100%">
        <Stack gap={4}>
          <Text fw={600}>{title}</Text>
          {loading ? (
            <Skeleton height={30} width={48} />
          ) : (
            typeof count === 'number' && (
              <Text fz={28} fw={700} lh={1.1} c="blue.9">
                {count}
              </Text>
            )
          )}
          {hint && (
            <Text size="sm" c="dimmed">
              {hint}
            </Text>
          )}
        </Stack>
      </Card>
    </UnstyledButton>
  );
}

/** /admin: one card for every admin area the user's rights open, with its count. */
export function AdminHome({ me }: { me: TMe }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language === 'en' ? 'en' : 'de';
  const uebersicht = useAdminUebersicht();
  const entries = visibleAdminMenu({
    permissions: new Set(me.permissions.filter(isPermissionName)),
    isPlatformAdmin: me.user.isPlatformAdmin,
    features: me.features,
  });
  if (entries.length === 0) {
    return (
      <Alert color="gray" variant="light" role="note">
        {t('admin.home.none')}
      </Alert>
    );
  }
  const counts = uebersicht.data;
  const loading = uebersicht.isPending;
  return (
    <Stack gap="md">
      {uebersicht.isError && (
        <Alert color="yellow" role="alert">
          {t('adminStart.countsFailed')}
          <Button variant="light" size="xs" mt="xs" display="block" onClick={() => void uebersicht.refetch()}>
            {t('adminStart.retry')}
          </Button>
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
        {entries.map((entry) => (
          <AreaCard
            key={entry.path}
            to={entry.path}
            title={entry.label[language]}
            loading={loading && COUNTED.has(entry.path)}
            count={counts ? countOf(entry.path, counts) : undefined}
            hint={entry.path === '/admin/raeume' && counts ? t('adminStart.grundrisseHint') : undefined}
          />
        ))}
        {counts && counts.offeneFreigaben !== null && me.features.FahrzeugBuchung && (
          <AreaCard
            to="/fahrzeuge/freigaben"
            title={t('adminStart.freigaben')}
            loading={false}
            count={counts.offeneFreigaben}
            hint={t('adminStart.freigabenHint')}
          />
        )}
        {counts && counts.faelligeFuehrerscheine !== null && me.features.FahrzeugBuchung && (
          <AreaCard
            to="/fahrzeuge/fuehrerschein"
            title={t('adminStart.fuehrerscheine')}
            loading={false}
            count={counts.faelligeFuehrerscheine}
            hint={t('adminStart.fuehrerscheineHint')}
          />
        )}
      </SimpleGrid>
    </Stack>
  );
}
