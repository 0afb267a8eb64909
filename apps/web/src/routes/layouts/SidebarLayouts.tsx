import { Box, Stack, Title } from '@mantine/core';
import { Outlet } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AppFrame } from '../../components/AppFrame';
import { MenuLink } from '../../components/MenuLink';
import { EigeneBuchungen } from '../../features/leseraum/leseraum/components/EigeneBuchungen';
import { LieblingsPlaetze } from '../../features/leseraum/leseraum/components/LieblingsPlaetze';
import { PlatzLegende } from '../../features/leseraum/leseraum/components/PlatzLegende';
import { MeinSpindKarte } from '../../features/leseraum/spind/components/MeinSpindKarte';
import { useCurrentMe } from '../use-current-me';
import { useFrameParts } from './frame-parts';

function SidebarSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section">
      <Title order={2} fz="sm" fw={700} mb={6}>
        {title}
      </Title>
      {children}
    </Box>
  );
}

/** Reading-room sidebar layout (/leseraum/karte, /leseraum/liste). */
export function ReadingRoomLayout() {
  const { t } = useTranslation();
  const { brand, headerEnd, menu, footer } = useFrameParts();
  const spinde = useCurrentMe()?.features.Officelocker ?? false;
  const aside = (
    <Stack gap="lg">
      <EigeneBuchungen bereich="leseraum" />
      {spinde && <MeinSpindKarte />}
      <SidebarSection title={t('leseraum.sidebar.favourites')}>
        <LieblingsPlaetze bereich="leseraum" />
      </SidebarSection>
      <SidebarSection title={t('leseraum.sidebar.legend')}>
        <PlatzLegende />
      </SidebarSection>
    </Stack>
  );
  return (
    <AppFrame brand={brand} headerEnd={headerEnd} navbar={menu} aside={aside} footer={footer}>
      <Outlet />
    </AppFrame>
  );
}

/** Workplace sidebar layout (/arbeitswelt, /arbeitswelt/karte, /arbeitswelt/liste). */
export function WorkspaceLayout() {
  const { t } = useTranslation();
  const { brand, headerEnd, menu, footer } = useFrameParts();
  const spinde = useCurrentMe()?.features.Officelocker ?? false;
  const aside = (
    <Stack gap="lg">
      <SidebarSection title={t('arbeitswelt.sidebar.views')}>
        <Stack gap={2}>
          <MenuLink to="/arbeitswelt" label={t('arbeitswelt.title')} exact />
          <MenuLink to="/arbeitswelt/karte" label={t('arbeitswelt.map')} />
          <MenuLink to="/arbeitswelt/liste" label={t('arbeitswelt.list')} />
        </Stack>
      </SidebarSection>
      <EigeneBuchungen bereich="arbeitswelt" />
      {spinde && <MeinSpindKarte />}
      <SidebarSection title={t('leseraum.sidebar.favourites')}>
        <LieblingsPlaetze bereich="arbeitswelt" />
      </SidebarSection>
      <SidebarSection title={t('leseraum.sidebar.legend')}>
        <PlatzLegende />
      </SidebarSection>
    </Stack>
  );
  return (
    <AppFrame brand={brand} headerEnd={headerEnd} navbar={menu} aside={aside} footer={footer}>
      <Outlet />
    </AppFrame>
  );
}
