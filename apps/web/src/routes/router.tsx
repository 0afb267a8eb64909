/**
 * The route tree of spec §2 in one place (code-based TanStack Router routes). Route components are
 * loaded lazily; they only compose features. Guards live in `beforeLoad`:
 * - root: `?logout=true` signs out; without a session every non-public path goes to /login and the
 *   requested path is remembered in the `stellwerk_redirect` cookie;
 * - /admin/**: `checkAdminRoute` of the domain (403 error screen with the guard's message);
 * - vehicle and reading-room areas: only when the tenant's feature is on (404 otherwise).
 */
import { Center, Loader } from '@mantine/core';
import type { TMe } from '@stellwerk/domain/api';
import { isFeatureAccessible } from '@stellwerk/domain/features';
import { hasLogoutQuery, isPublicRoute } from '@stellwerk/domain/navigation';
import { checkAdminRoute, isPermissionName } from '@stellwerk/domain/permissions';
import type { QueryClient } from '@tanstack/react-query';
import {
  createRootRouteWithContext,
  createRoute,
  createRouter,
  lazyRouteComponent,
  notFound,
  type RouterHistory,
  redirect,
} from '@tanstack/react-router';
import { ZBenutzerSearch } from '../features/admin-benutzer/hooks/benutzer-search';
import { ZProtokollSearch } from '../features/admin-protokoll/hooks/protokoll-search';
import { signOut } from '../features/auth/api/sign-out';
import { rememberRedirect } from '../features/auth/hooks/redirect-cookie';
import { meKeys, meQueryOptions } from '../features/session/api/get-me';
import { RouteError } from '../lib/route-error';
import { NotFoundPage } from './NotFoundPage';
import { RootLayout } from './RootLayout';
import { RouteErrorScreen } from './RouteErrorScreen';

export type RouterContext = { queryClient: QueryClient };

const layouts = {
  login: lazyRouteComponent(() => import('./layouts/PlainLayouts'), 'LoginLayout'),
  kiosk: lazyRouteComponent(() => import('./layouts/PlainLayouts'), 'KioskLayout'),
  user: lazyRouteComponent(() => import('./layouts/UserLayout'), 'UserLayout'),
  readingRoom: lazyRouteComponent(() => import('./layouts/SidebarLayouts'), 'ReadingRoomLayout'),
  workspace: lazyRouteComponent(() => import('./layouts/SidebarLayouts'), 'WorkspaceLayout'),
  admin: lazyRouteComponent(() => import('./layouts/AdminLayout'), 'AdminLayout'),
};
const loginPages = () => import('./pages/login-pages');
const kioskPages = () => import('./pages/kiosk-pages');
const userPages = () => import('./pages/user-pages');
const adminPages = () => import('./pages/admin-pages');
const stammdatenPages = () => import('./pages/stammdaten-pages');
const verwaltungPages = () => import('./pages/verwaltung-pages');

const guardContext = (me: TMe | null) =>
  me && {
    permissions: new Set(me.permissions.filter(isPermissionName)),
    isPlatformAdmin: me.user.isPlatformAdmin,
  };

// --- root -------------------------------------------------------------------------------------------

const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  beforeLoad: async ({ context, location }) => {
    if (hasLogoutQuery(location.href)) {
      await signOut();
      context.queryClient.clear();
      context.queryClient.setQueryData(meKeys.all, null);
      throw redirect({ to: '/login', replace: true });
    }
    const me = await context.queryClient.ensureQueryData({ ...meQueryOptions(), revalidateIfStale: true });
    if (!me && !isPublicRoute(location.pathname)) {
      rememberRedirect(location.href);
      throw redirect({ to: '/login', replace: true });
    }
    return { me };
  },
  errorComponent: RouteErrorScreen,
  notFoundComponent: NotFoundPage,
});

const indexRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  beforeLoad: ({ context }) => {
    throw redirect({ to: context.me?.startPage ?? '/login', replace: true });
  },
});

// --- login layout: /login, /public, /auth/recovery, /auth/confirm ---------------------------------

const loginLayout = createRoute({
  getParentRoute: () => rootRoute,
  id: 'login-layout',
  component: layouts.login,
});

const loginRoute = createRoute({
  getParentRoute: () => loginLayout,
  path: 'login',
  beforeLoad: ({ context }) => {
    // a signed-in user asking for the login goes to the start page (spec §2: paths containing 'login')
    if (context.me) throw redirect({ to: context.me.startPage, replace: true });
  },
  component: lazyRouteComponent(loginPages, 'LoginPage'),
});
const publicRoute = createRoute({
  getParentRoute: () => loginLayout,
  path: 'public',
  component: lazyRouteComponent(loginPages, 'PublicPage'),
});
const recoveryRoute = createRoute({
  getParentRoute: () => loginLayout,
  path: 'auth/recovery',
  component: lazyRouteComponent(loginPages, 'RecoveryPage'),
});
const confirmRoute = createRoute({
  getParentRoute: () => loginLayout,
  path: 'auth/confirm',
  component: lazyRouteComponent(loginPages, 'ConfirmPage'),
});
/** The imprint is public (reachable from the login page's footer). */
const imprintRoute = createRoute({
  getParentRoute: () => loginLayout,
  path: 'impressum',
  component: lazyRouteComponent(userPages, 'ImpressumPage'),
});

// --- kiosk layout: /kiosk, /logout ----------------------------------------------------------------

const kioskLayout = createRoute({
  getParentRoute: () => rootRoute,
  id: 'kiosk-layout',
  component: layouts.kiosk,
});
const kioskRoute = createRoute({
  getParentRoute: () => kioskLayout,
  path: 'kiosk',
  component: lazyRouteComponent(kioskPages, 'KioskPage'),
});
const logoutRoute = createRoute({
  getParentRoute: () => kioskLayout,
  path: 'logout',
  component: lazyRouteComponent(kioskPages, 'LogoutPage'),
});

// --- user layout ----------------------------------------------------------------------------------

const userLayout = createRoute({
  getParentRoute: () => rootRoute,
  id: 'user-layout',
  component: layouts.user,
});

const page = (
  path: string,
  name: keyof Awaited<ReturnType<typeof userPages>>,
  parent: () => typeof userLayout | typeof vehicleArea = () => userLayout,
) => createRoute({ getParentRoute: parent, path, component: lazyRouteComponent(userPages, name) });

const passwordRoute = page('leseraum/passwort', 'PasswordPage');
const settingsRoute = page('einstellungen', 'PersonalSettingsPage');
const officelockerRoute = page('officelocker', 'OfficelockerPage');

const vehicleArea = createRoute({
  getParentRoute: () => userLayout,
  id: 'fahrzeug-area',
  beforeLoad: ({ context }) => {
    if (!context.me || !isFeatureAccessible('FahrzeugBuchung', context.me.features)) throw notFound();
  },
});
const vehicleParent = () => vehicleArea;
const vehiclesRoute = page('fahrzeuge', 'FahrzeugePage', vehicleParent);
const vehicleOverviewRoute = page('fahrzeuge/uebersicht', 'FahrzeugUebersichtPage', vehicleParent);
const approvalsRoute = page('fahrzeuge/freigaben', 'FreigabenPage', vehicleParent);
const licenceRoute = page('fahrzeuge/fuehrerschein', 'FuehrerscheinPage', vehicleParent);

// --- reading-room sidebar layout ------------------------------------------------------------------

const leseraumRedirect = createRoute({
  getParentRoute: () => rootRoute,
  path: 'leseraum',
  beforeLoad: () => {
    throw redirect({ to: '/leseraum/karte', replace: true });
  },
});
const readingRoomLayout = createRoute({
  getParentRoute: () => rootRoute,
  id: 'leseraum-layout',
  component: layouts.readingRoom,
  beforeLoad: ({ context }) => {
    if (!context.me || !isFeatureAccessible('Leseraum', context.me.features)) throw notFound();
  },
});
const readingRoomMapRoute = createRoute({
  getParentRoute: () => readingRoomLayout,
  path: 'leseraum/karte',
  component: lazyRouteComponent(userPages, 'LeseraumKartePage'),
});
const readingRoomListRoute = createRoute({
  getParentRoute: () => readingRoomLayout,
  path: 'leseraum/liste',
  component: lazyRouteComponent(userPages, 'LeseraumListePage'),
});

// --- workplace sidebar layout ---------------------------------------------------------------------

const workspaceLayout = createRoute({
  getParentRoute: () => rootRoute,
  id: 'arbeitswelt-layout',
  component: layouts.workspace,
});
const workspaceRoute = createRoute({
  getParentRoute: () => workspaceLayout,
  path: 'arbeitswelt',
  component: lazyRouteComponent(userPages, 'ArbeitsweltPage'),
});
const workspaceMapRoute = createRoute({
  getParentRoute: () => workspaceLayout,
  path: 'arbeitswelt/karte',
  component: lazyRouteComponent(userPages, 'ArbeitsweltKartePage'),
});
const workspaceListRoute = createRoute({
  getParentRoute: () => workspaceLayout,
  path: 'arbeitswelt/liste',
  component: lazyRouteComponent(userPages, 'ArbeitsweltListePage'),
});

// --- admin layout ---------------------------------------------------------------------------------

const adminLayout = createRoute({
  getParentRoute: () => rootRoute,
  path: 'admin',
  component: layouts.admin,
  beforeLoad: ({ context, location }) => {
    const code = checkAdminRoute(location.pathname, guardContext(context.me));
    if (code) throw new RouteError(403, code);
  },
  errorComponent: RouteErrorScreen,
});
const adminHomeRoute = createRoute({
  getParentRoute: () => adminLayout,
  path: '/',
  component: lazyRouteComponent(adminPages, 'AdminHomePage'),
});
const adminArea = (path: string) =>
  createRoute({
    getParentRoute: () => adminLayout,
    path,
    component: lazyRouteComponent(adminPages, 'AdminAreaPage'),
  });
const adminAreaRoutes = ['raeume', 'fahrzeuge', 'auslastung', 'auswertung'].map(adminArea);
const adminSettingsRoute = createRoute({
  getParentRoute: () => adminLayout,
  path: 'einstellungen',
  component: lazyRouteComponent(stammdatenPages, 'AdminSettingsPage'),
});
const stammdatenRoutes = (
  [
    ['lokationen', 'LokationenPage'],
    ['ausstattung', 'AusstattungPage'],
    ['oeffnungszeiten', 'OeffnungszeitenPage'],
  ] as const
).map(([path, name]) =>
  createRoute({
    getParentRoute: () => adminLayout,
    path,
    component: lazyRouteComponent(stammdatenPages, name),
  }),
);
// users, groups, roles, tenants and the audit log; list filters live in the URL
const verwaltungRoute = (
  path: string,
  name: 'BenutzerPage' | 'GruppenPage' | 'RollenPage' | 'MandantenPage' | 'ProtokollPage',
  validateSearch?: typeof ZBenutzerSearch | typeof ZProtokollSearch,
) =>
  createRoute({
    getParentRoute: () => adminLayout,
    path,
    ...(validateSearch ? { validateSearch } : {}),
    component: lazyRouteComponent(verwaltungPages, name),
  });
const verwaltungRoutes = [
  verwaltungRoute('benutzer', 'BenutzerPage', ZBenutzerSearch),
  verwaltungRoute('gruppen', 'GruppenPage'),
  verwaltungRoute('rollen', 'RollenPage'),
  verwaltungRoute('mandanten', 'MandantenPage'),
  verwaltungRoute('protokoll', 'ProtokollPage', ZProtokollSearch),
];
const mailboxRoute = createRoute({
  getParentRoute: () => adminLayout,
  path: 'postausgang',
  component: lazyRouteComponent(adminPages, 'PostausgangPage'),
});

// --- tree -----------------------------------------------------------------------------------------

export const routeTree = rootRoute.addChildren([
  indexRoute,
  loginLayout.addChildren([loginRoute, publicRoute, recoveryRoute, confirmRoute, imprintRoute]),
  kioskLayout.addChildren([kioskRoute, logoutRoute]),
  userLayout.addChildren([
    passwordRoute,
    settingsRoute,
    officelockerRoute,
    vehicleArea.addChildren([vehiclesRoute, vehicleOverviewRoute, approvalsRoute, licenceRoute]),
  ]),
  leseraumRedirect,
  readingRoomLayout.addChildren([readingRoomMapRoute, readingRoomListRoute]),
  workspaceLayout.addChildren([workspaceRoute, workspaceMapRoute, workspaceListRoute]),
  adminLayout.addChildren([
    adminHomeRoute,
    ...adminAreaRoutes,
    ...stammdatenRoutes,
    ...verwaltungRoutes,
    adminSettingsRoute,
    mailboxRoute,
  ]),
]);

function PendingScreen() {
  return (
    <Center mih="50vh">
      <Loader size="sm" />
    </Center>
  );
}

export const createAppRouter = (queryClient: QueryClient, history?: RouterHistory) =>
  createRouter({
    routeTree,
    ...(history ? { history } : {}),
    context: { queryClient },
    defaultPreload: 'intent',
    defaultPreloadStaleTime: 0,
    defaultErrorComponent: RouteErrorScreen,
    defaultNotFoundComponent: NotFoundPage,
    defaultPendingComponent: PendingScreen,
    scrollRestoration: true,
  });

export type AppRouter = ReturnType<typeof createAppRouter>;
