import { Box, Center, Container, Group, Paper, Stack } from '@mantine/core';
import { Outlet } from '@tanstack/react-router';
import { AppFooter } from '../../components/AppFooter';
import { Brand } from '../../components/Brand';
import { SkipLink } from '../../components/SkipLink';
import { LanguageSwitch } from '../../features/settings/components/LanguageSwitch';
import { useCurrentMe, useRefreshMe } from '../use-current-me';

/** Login layout (/login, /public, /auth/*): a centred card, the language choice, footer. */
export function LoginLayout() {
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
        <LanguageSwitch signedIn={me !== null} onSaved={refreshMe} withLabel={false} />
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
  return (
    <Box mih="100vh" style={{ display: 'flex', flexDirection: 'column' }}>
      <Group px="md" h={60} style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
        <Brand tenantName={me?.mandant.name} />
      </Group>
      <Container component="main" id="main-content" size="lg" py="xl" w="100%" style={{ flex: 1 }}>
        <Stack>
          <Outlet />
        </Stack>
      </Container>
    </Box>
  );
}
