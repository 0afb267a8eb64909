import { AppShell, Box, Burger, Group, ScrollArea } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { useRouterState } from '@tanstack/react-router';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { NoticeArea } from './NoticeArea';
import { SkipLink } from './SkipLink';

type AppFrameProps = {
  /** Left part of the header after the burger: brand, tenant, logo. */
  brand: ReactNode;
  /** Right part of the header (user name, language). */
  headerEnd?: ReactNode;
  /** Navigation; collapses behind the burger below the `sm` breakpoint. */
  navbar?: ReactNode;
  /** Optional right sidebar (reading-room and workplace layouts); shown from `md` up, below the content otherwise. */
  aside?: ReactNode;
  footer: ReactNode;
  children: ReactNode;
};

/** The page frame shared by the user, sidebar and admin layouts. */
export function AppFrame({ brand, headerEnd, navbar, aside, footer, children }: AppFrameProps) {
  const { t } = useTranslation();
  const [opened, { toggle, close }] = useDisclosure(false);
  // below `sm` the closed menu is only moved off-screen: keep it out of the tab order and the reading order
  const isMobile = useMediaQuery('(max-width: 47.99em)') ?? false;
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  // close the mobile menu after every navigation
  // biome-ignore lint/correctness/useExhaustiveDependencies: pathname is the trigger
  useEffect(() => close(), [pathname, close]);

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={navbar ? { width: 260, breakpoint: 'sm', collapsed: { mobile: !opened } } : undefined}
      aside={aside ? { width: 300, breakpoint: 'md', collapsed: { mobile: true } } : undefined}
      padding="md"
      // No slide transition of the header, menu and sidebar: Mantine turns it off while the window resizes
      // and on again 200 ms after the first render, by a custom property on the frame's root, and each switch
      // made the browser restyle every element of the page (1,000 places on a floor plan: 15-40 ms).
      // With a duration of 0 both states are the same and the switch costs nothing.
      transitionDuration={0}
    >
      <SkipLink />
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="sm">
          <Group gap="sm" wrap="nowrap" miw={0}>
            {navbar && (
              <Burger
                opened={opened}
                onClick={toggle}
                hiddenFrom="sm"
                size="sm"
                aria-label={opened ? t('layout.closeMenu') : t('layout.openMenu')}
                aria-expanded={opened}
                aria-controls="main-navigation"
              />
            )}
            {brand}
          </Group>
          {headerEnd}
        </Group>
      </AppShell.Header>
      {navbar && (
        <AppShell.Navbar
          p="xs"
          id="main-navigation"
          aria-label={t('layout.navigation')}
          component="nav"
          inert={isMobile && !opened}
        >
          <AppShell.Section grow component={ScrollArea}>
            {navbar}
          </AppShell.Section>
        </AppShell.Navbar>
      )}
      {aside && (
        <AppShell.Aside p="md" aria-label={t('layout.sidebar')} visibleFrom="md">
          <ScrollArea>{aside}</ScrollArea>
        </AppShell.Aside>
      )}
      <AppShell.Main id="main-content" tabIndex={-1} style={{ display: 'flex', flexDirection: 'column' }}>
        <NoticeArea />
        <div style={{ flex: 1 }}>
          {children}
          {aside && (
            <Box component="aside" aria-label={t('layout.sidebar')} hiddenFrom="md" mt="xl">
              {aside}
            </Box>
          )}
        </div>
        {footer}
      </AppShell.Main>
    </AppShell>
  );
}
