import { NavLink } from '@mantine/core';
import { Link, useRouterState } from '@tanstack/react-router';
import type { ReactNode } from 'react';

type MenuLinkProps = {
  to: string;
  label: string;
  exact?: boolean;
  /** e.g. a count badge at the end of the entry */
  rightSection?: ReactNode;
};

/** A navigation entry rendered as a real link (keyboard and middle-click work), marked when current. */
export function MenuLink({ to, label, exact = false, rightSection }: MenuLinkProps) {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const active = exact ? pathname === to : pathname === to || pathname.startsWith(`${to}/`);
  return (
    <NavLink
      component={Link}
      to={to}
      label={label}
      active={active}
      activeOptions={{ exact, includeSearch: false }}
      variant="light"
      rightSection={rightSection}
    />
  );
}
