import { Group, Text } from '@mantine/core';
import type { TMe } from '@stellwerk/domain/api';
import { AppFooter } from '../../components/AppFooter';
import { Brand } from '../../components/Brand';
import { TenantLogo } from '../../features/mandant/components/TenantLogo';
import { MainMenu } from '../../features/navigation/components/MainMenu';
import { useMe } from '../../features/session/api/get-me';
import { LanguageSwitch } from '../../features/settings/components/LanguageSwitch';
import { useRefreshMe } from '../use-current-me';

/** Header, menu and footer as every app layout composes them from the features. */
export const useFrameParts = () => {
  const query = useMe();
  const me: TMe | null = query.data ?? null;
  const refreshMe = useRefreshMe();

  const brand = (
    <Brand
      tenantName={me?.mandant.name}
      logo={
        me?.mandant.hasLogo ? <TenantLogo tenantName={me.mandant.name} version={query.dataUpdatedAt} /> : null
      }
    />
  );
  const headerEnd = me ? (
    <Group gap="xs" wrap="nowrap" visibleFrom="sm">
      <Text size="sm" c="dimmed" truncate maw={240}>
        {`${me.user.vorname} ${me.user.nachname}`.trim() || me.user.email}
      </Text>
    </Group>
  ) : null;
  const menu = (
    <MainMenu me={me} languageSwitch={<LanguageSwitch signedIn={me !== null} onSaved={refreshMe} />} />
  );
  const footer = <AppFooter privacyUrl={me?.mandant.hasDatenschutz ? '/api/mandant/datenschutz' : null} />;
  return { me, brand, headerEnd, menu, footer };
};
