import { Alert, Button, Card, SimpleGrid, Skeleton, Stack, Text, UnstyledButton } from '@mantine/core';
import type { TAdminUebersicht } from '@stellwerk/domain/admin-stammdaten.api';
import type { TMe } from '@stellwerk/domain/api';
import { isPermissionName, visibleAdminMenu } from '@stellwerk/domain/permissions';
import { Link } from '@tanstack/react-router';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useAdminUebersicht } from '../api/get-uebersicht';

/** The count shown on an area's card, or undefined when the area has none. */
const countText = (path: string, counts: TAdminUebersicht, t: TFunction): string | null | undefined => {
  const n = (value: number | null, text: (count: number) => string) =>
    value === null ? undefined : text(value);
  switch (path) {
    case '/admin/benutzer':
      return n(counts.benutzer, (count) => t('adminStart.count.benutzer', { count }));
    case '/admin/gruppen':
      return n(counts.gruppen, (count) => t('adminStart.count.gruppen', { count }));
    case '/admin/rollen':
      return n(counts.rollen, (count) => t('adminStart.count.rollen', { count }));
    case '/admin/lokationen':
      return n(counts.standorte, (count) => t('adminStart.count.standorte', { count }));
    case '/admin/fahrzeuge':
      return n(counts.fahrzeuge, (count) => t('adminStart.count.fahrzeuge', { count }));
    case '/admin/raeume':
      return n(counts.grundrisse, (count) => t('adminStart.count.grundrisse', { count }));
    default:
      return undefined;
  }
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
  loading,
}: {
  to: string;
  title: string;
  count?: string | null;
  loading: boolean;
}) {
  return (
    <UnstyledButton component={Link} to={to} style={{ display: 'block', height: '100%' }}>
      <Card withBorder padding="lg" radius="md" h="100%">
        <Stack gap={6}>
          <Text fw={600}>{title}</Text>
          {loading ? (
            <Skeleton height={14} width="50%" />
          ) : (
            count && (
              <Text size="sm" c="dimmed">
                {count}
              </Text>
            )
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
            count={counts ? countText(entry.path, counts, t) : undefined}
          />
        ))}
        {counts && counts.offeneFreigaben !== null && me.features.FahrzeugBuchung && (
          <AreaCard
            to="/fahrzeuge/freigaben"
            title={t('adminStart.freigaben')}
            loading={false}
            count={t('adminStart.count.freigaben', { count: counts.offeneFreigaben })}
          />
        )}
        {counts && counts.faelligeFuehrerscheine !== null && me.features.FahrzeugBuchung && (
          <AreaCard
            to="/fahrzeuge/fuehrerschein"
            title={t('adminStart.fuehrerscheine')}
            loading={false}
            count={t('adminStart.count.fuehrerscheine', { count: counts.faelligeFuehrerscheine })}
          />
        )}
      </SimpleGrid>
    </Stack>
  );
}
