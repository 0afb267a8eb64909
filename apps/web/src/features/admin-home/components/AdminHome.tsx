import { Alert, Card, SimpleGrid, Text, UnstyledButton } from '@mantine/core';
import type { TMe } from '@stellwerk/domain/api';
import { isPermissionName, visibleAdminMenu } from '@stellwerk/domain/permissions';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';

/** /admin: one card for every admin area the user's rights open (the route guard decides). */
export function AdminHome({ me }: { me: TMe }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language === 'en' ? 'en' : 'de';
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
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
      {entries.map((entry) => (
        <UnstyledButton key={entry.path} component={Link} to={entry.path}>
          <Card withBorder padding="lg" radius="md" h="100%">
            <Text fw={600}>{entry.label[language]}</Text>
          </Card>
        </UnstyledButton>
      ))}
    </SimpleGrid>
  );
}
