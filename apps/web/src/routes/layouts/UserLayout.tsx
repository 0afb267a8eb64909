import { Outlet } from '@tanstack/react-router';
import { AppFrame } from '../../components/AppFrame';
import { useFrameParts } from './frame-parts';

/** The user layout: header, main menu (burger on small screens), content, footer. */
export function UserLayout() {
  const { brand, headerEnd, menu, footer } = useFrameParts();
  return (
    <AppFrame brand={brand} headerEnd={headerEnd} navbar={menu} footer={footer}>
      <Outlet />
    </AppFrame>
  );
}
