import { Box, ColorSwatch, Group, Stack, Text, Title } from '@mantine/core';
import { Outlet } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AppFrame } from '../../components/AppFrame';
import { MenuLink } from '../../components/MenuLink';
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

function NothingYet() {
  const { t } = useTranslation();
  return (
    <Text size="sm" c="dimmed">
      {t('common.notAvailableShort')}
    </Text>
  );
}

/** Spec §2 seat states; the colours are the legend the floor plan will use. */
function SeatLegend() {
  const { t } = useTranslation();
  const states: [string, string][] = [
    ['var(--mantine-color-teal-5)', t('leseraum.legend.free')],
    ['var(--mantine-color-red-5)', t('leseraum.legend.occupied')],
    ['var(--mantine-color-orange-4)', t('leseraum.legend.occupiedHourly')],
    ['var(--mantine-color-blue-5)', t('leseraum.legend.mine')],
    ['var(--mantine-color-yellow-4)', t('leseraum.legend.held')],
    ['var(--mantine-color-gray-5)', t('leseraum.legend.closed')],
    ['var(--mantine-color-grape-5)', t('leseraum.legend.fireSafety')],
    ['var(--mantine-color-lime-6)', t('leseraum.legend.firstAid')],
  ];
  return (
    <Stack gap={4}>
      {states.map(([color, label]) => (
        <Group key={label} gap="xs" wrap="nowrap">
          <ColorSwatch color={color} size={14} withShadow={false} />
          <Text size="sm">{label}</Text>
        </Group>
      ))}
    </Stack>
  );
}

/** Reading-room sidebar layout (/leseraum/karte, /leseraum/liste). */
export function ReadingRoomLayout() {
  const { t } = useTranslation();
  const { brand, headerEnd, menu, footer } = useFrameParts();
  const aside = (
    <Stack gap="lg">
      <SidebarSection title={t('leseraum.sidebar.bookings')}>
        <NothingYet />
      </SidebarSection>
      <SidebarSection title={t('leseraum.sidebar.reservations')}>
        <NothingYet />
      </SidebarSection>
      <SidebarSection title={t('leseraum.sidebar.favourites')}>
        <NothingYet />
      </SidebarSection>
      <SidebarSection title={t('leseraum.sidebar.ownPlace')}>
        <NothingYet />
      </SidebarSection>
      <SidebarSection title={t('leseraum.sidebar.legend')}>
        <SeatLegend />
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
  const aside = (
    <Stack gap="lg">
      <SidebarSection title={t('arbeitswelt.sidebar.views')}>
        <Stack gap={2}>
          <MenuLink to="/arbeitswelt" label={t('arbeitswelt.title')} exact />
          <MenuLink to="/arbeitswelt/karte" label={t('arbeitswelt.map')} />
          <MenuLink to="/arbeitswelt/liste" label={t('arbeitswelt.list')} />
        </Stack>
      </SidebarSection>
      <SidebarSection title={t('arbeitswelt.sidebar.bookings')}>
        <NothingYet />
      </SidebarSection>
    </Stack>
  );
  return (
    <AppFrame brand={brand} headerEnd={headerEnd} navbar={menu} aside={aside} footer={footer}>
      <Outlet />
    </AppFrame>
  );
}
