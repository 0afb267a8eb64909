import { Box, Group } from '@mantine/core';
import { Brand } from '../components/Brand';
import { NotFoundScreen } from '../components/NotFoundScreen';

/** Unknown routes: the 404 page 'Page Not Found' (German 'Seite nicht gefunden'). */
export function NotFoundPage() {
  return (
    <Box mih="100vh">
      <Group px="md" h={60} style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
        <Brand />
      </Group>
      <Box component="main" id="main-content">
        <NotFoundScreen />
      </Box>
    </Box>
  );
}
