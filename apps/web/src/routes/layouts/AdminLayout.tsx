import { Divider } from '@mantine/core';
import { Outlet } from '@tanstack/react-router';
import { AppFrame } from '../../components/AppFrame';
import { AdminMenu } from '../../features/plattform/navigation/components/AdminMenu';
import { useFrameParts } from './frame-parts';

/** The admin layout: the admin menu (only the areas the guard allows) above the main menu. */
export function AdminLayout() {
  const { me, brand, headerEnd, menu, footer } = useFrameParts();
  const navbar = (
    <>
      {me && <AdminMenu me={me} />}
      <Divider my="sm" />
      {menu}
    </>
  );
  return (
    <AppFrame brand={brand} headerEnd={headerEnd} navbar={navbar} footer={footer}>
      <Outlet />
    </AppFrame>
  );
}
