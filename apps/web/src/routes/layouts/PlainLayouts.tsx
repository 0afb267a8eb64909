import { Anchor, Box, Center, Container, Group, Paper, Stack } from '@mantine/core';
import { Link, Outlet, useLocation } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { AppFooter } from '../../components/AppFooter';
import { Brand } from '../../components/Brand';
import { SkipLink } from '../../components/SkipLink';
import { LanguageSwitch } from '../../features/verwaltung/customizing/components/LanguageSwitch';
import { useCurrentMe, useRefreshMe } from '../use-current-me';

/** The visitor's menu entry 'Login' (spec §2 menu): on every public page except the login itself. */
function LoginEntry() {
  const { t } = useTranslation();
  const me = useCurrentMe();
  const pathname = useLocation({ select: (l) => l.pathname });
  if (me || pathname === '/login') return null;
  return (
    <Anchor component={Link} to="/login" fw={600} size="sm">
      {t('menu.login')}
    </Anchor>
  );
}

/** Login layout (/login, /public, /auth/*): a centred card, the language choice, footer. */
export function LoginLayout() {
  const { t } = useTranslation();
  const me = useCurrentMe();
  const refreshMe = useRefreshMe();
  return (
    <Box mih="100vh" bg="gray.0" style={{ display: 'flex', flexDirection: 'column' }}>
      <SkipLink />
      <Group
        justify="space-between"
        px="md"
        h={60}
        wrap="nowrap"
        bg="white"
        style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
      >
        <Brand tenantName={me?.mandant.name} />
        <Group gap="md" wrap="nowrap" component="nav" aria-label={t('layout.navigation')}>
          <LanguageSwitch signedIn={me !== null} onSaved={refreshMe} withLabel={false} />
          <LoginEntry />
        </Group>
      </Group>
      <Center component="main" id="main-content" tabIndex={-1} style={{ flex: 1 }} px="md" py="xl">
        <Paper withBorder shadow="sm" radius="md" p={{ base: 'lg', sm: 'xl' }} w="100%" maw={440}>
          <Outlet />
        </Paper>
      </Center>
      <AppFooter privacyUrl={me?.mandant.hasDatenschutz ? '/api/mandant/datenschutz' : null} />
    </Box>
  );
}

/** Kiosk layout (/kiosk, /logout): full screen, no menu. */
export function KioskLayout() {
  const me = useCurrentMe();
  const pathname = useLocation({ select: (l) => l.pathname });
  // the board and the pairing code fill the screen on their own
  if (pathname === '/kiosk') return <Outlet />;
  return (
    <Box mih="100vh" style={{ display: 'flex', flexDirection: 'column' }}>
      <Group
        px="md"
        h={60}
        justify="space-between"
        style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
      >
        <Brand tenantName={me?.mandant.name} />
        <LoginEntry />
      </Group>
      <Container component="main" id="main-content" size="lg" py="xl" w="100%" style={{ flex: 1 }}>
        <Stack>
          <Outlet />
        </Stack>
      </Container>
    </Box>
  );
}
