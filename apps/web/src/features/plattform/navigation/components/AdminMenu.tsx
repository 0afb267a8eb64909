import { Stack, Text } from '@mantine/core';
import type { TMe } from '@stellwerk/domain/api';
import { isPermissionName } from '@stellwerk/domain/permissions';
import { visibleAdminMenu } from '@stellwerk/domain/screens';
import { useTranslation } from 'react-i18next';
import { MenuLink } from '../../../../components/MenuLink';

/** The admin menu: each entry only when the admin route guard lets the user open it. */
export function AdminMenu({ me }: { me: TMe }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language === 'en' ? 'en' : 'de';
  const entries = visibleAdminMenu({
    permissions: new Set(me.permissions.filter(isPermissionName)),
    isPlatformAdmin: me.user.isPlatformAdmin,
    features: me.features,
  });
  return (
    <Stack gap={2}>
      <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" pt="xs" pb={4}>
        {t('menu.admin')}
      </Text>
      <MenuLink to="/admin" label={t('admin.home.title')} exact />
      {entries.map((entry) => (
        <MenuLink key={entry.path} to={entry.path} label={entry.label[language]} />
      ))}
    </Stack>
  );
}
