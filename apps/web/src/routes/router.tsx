/**
 * The route tree of spec §2 in one place (code-based TanStack Router routes). Route components are
 * loaded lazily; they only compose features. The guard lives in the root's `beforeLoad`:
 * - `?logout=true` signs out; without a session every non-public path goes to /login and the requested
 *   path is remembered in the `stellwerk_redirect` cookie;
 * - every path then passes the domain's screen table (`checkScreen`, decision 036): a screen of a
 *   switched-off area is the 404 page, missing rights (admin guard of spec §2, vehicle rights of spec §6)
 *   the error screen with status 403 and the guard's message. Router test: the tree and the table list
 *   the same paths.
 */
import { Center, Loader } from '@mantine/core';
import type { TMe } from '@stellwerk/domain/api';
import { ERRORS } from '@stellwerk/domain/errors';
import { hasLogoutQuery, isPublicRoute } from '@stellwerk/domain/navigation';
import { isPermissionName } from '@stellwerk/domain/permissions';
import { EINCHECK_CODE } from '@stellwerk/domain/plattform/kiosk/eincheck-code';
import { checkScreen, NO_AREA_START_PAGE, type ScreenContext } from '@stellwerk/domain/screens';
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
import { z } from 'zod';
import { ZFahrzeugSuche } from '../features/fahrzeuge/fahrzeug-buchung/hooks/fahrzeug-suche';
import { ZFuehrerscheinSuche } from '../features/fahrzeuge/fuehrerschein/hooks/fuehrerschein-suche';
import { ZBenutzerSearch } from '../features/identitaet/admin-benutzer/hooks/benutzer-search';
import { signOut } from '../features/identitaet/auth/api/sign-out';
import { rememberRedirect } from '../features/identitaet/auth/hooks/redirect-cookie';
import { meKeys, meQueryOptions } from '../features/identitaet/session/api/get-me';
import { ZRaeumeSuche } from '../features/leseraum/admin-raeume/hooks/qr-bogen';
import { ansichtAus, ZPlatzSuche } from '../features/leseraum/leseraum/hooks/platz-suche';
import { ZProtokollSearch } from '../features/verwaltung/admin-protokoll/hooks/protokoll-search';
import { ZAuslastungSearch } from '../lib/auslastung-search';
import { ladeVerwaltungstexte } from '../i18n/i18n';
import { RouteError } from '../lib/route-error';
import { NotFoundPage } from './NotFoundPage';
import { RootLayout } from './RootLayout';
import { RouteErrorScreen } from './RouteErrorScreen';

export type RouterContext = { queryClient: QueryClient };

/** `?c=`: the check-in code a kiosk's QR carries; anything else is dropped. */
const ZKioskEincheckenSuche = z.object({
  c: z.string().max(EINCHECK_CODE.maxLaenge).optional().catch(undefined),
});

/** Where a user who must still enrol a second factor is sent. */
const ENROLMENT_PATH = '/einstellungen/sicherheit';
const BEFORE_ENROLMENT = [ENROLMENT_PATH, '/logout', '/impressum'];

const layouts = {
  login: lazyRouteComponent(() => import('./layouts/PlainLayouts'), 'LoginLayout'),
  kiosk: lazyRouteComponent(() => import('./layouts/PlainLayouts'), 'KioskLayout'),
  user: lazyRouteComponent(() => import('./layouts/UserLayout'), 'UserLayout'),
  readingRoom: lazyRouteComponent(() => import('./layouts/SidebarLayouts'), 'ReadingRoomLayout'),
  workspace: lazyRouteComponent(() => import('./layouts/SidebarLayouts'), 'WorkspaceLayout'),
  // the administration shows once its texts are there (decision 255)
  admin: lazyRouteComponent(
    () => Promise.all([import('./layouts/AdminLayout'), ladeVerwaltungstexte()]).then(([layout]) => layout),
    'AdminLayout',
  ),
};
const loginPages = () => import('./pages/login-pages');
const kioskPages = () => import('./pages/kiosk-pages');
const userPages = () => import('./pages/user-pages');
const adminPages = () => import('./pages/admin-pages');
const stammdatenPages = () => import('./pages/stammdaten-pages');
const fahrzeugAdminPages = () => import('./pages/fahrzeug-admin-pages');
const verwaltungPages = () => import('./pages/verwaltung-pages');
const kioskVerwaltungPages = () => import('./pages/kiosk-verwaltung-pages');

const screenContext = (me: TMe | null): ScreenContext | null =>
  me && {
    permissions: new Set(me.permissions.filter(isPermissionName)),
    isPlatformAdmin: me.user.isPlatformAdmin,
    features: me.features,
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
    // the tenant requires a second factor this user has not set up yet: enrolment first
    if (
      me?.zweiFaktor.mussEinrichten &&
      !isPublicRoute(location.pathname) &&
      !BEFORE_ENROLMENT.includes(location.pathname)
    )
      throw redirect({ to: ENROLMENT_PATH, replace: true });
    const failure = checkScreen(location.pathname, screenContext(me));
    if (failure === 'not_found') throw notFound();
    if (failure) throw new RouteError(ERRORS[failure].status, failure);
    return { me };
  },
  errorComponent: RouteErrorScreen,
  notFoundComponent: NotFoundPage,
});

/** '/' goes to the start page; a user with no area to open stays here and sees what is switched on. */
const indexRoute = createRoute({
  getParentRoute: () => userLayout,
  path: '/',
  beforeLoad: ({ context }) => {
    const start = context.me?.startPage ?? '/login';
    if (start !== NO_AREA_START_PAGE) throw redirect({ to: start, replace: true });
  },
  component: lazyRouteComponent(userPages, 'NoAreaPage'),
});

// --- login layout: /login, /public, /auth/recovery, /auth/confirm, /auth/fehler ---------------------------------

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
/** A sign-in the authentication library could not finish (decision 123). */
const authFehlerRoute = createRoute({
  getParentRoute: () => loginLayout,
  path: 'auth/fehler',
  component: lazyRouteComponent(loginPages, 'AuthFehlerPage'),
});
/** The imprint is public (reachable from the login page's footer). */
const imprintRoute = createRoute({
  getParentRoute: () => loginLayout,
  path: 'impressum',
  component: lazyRouteComponent(userPages, 'ImpressumPage'),
});

// --- kiosk layout: /kiosk, /logout (the check-in /kiosk/einchecken is in the user layout) -----------------

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

const page = (path: string, name: keyof Awaited<ReturnType<typeof userPages>>) =>
  createRoute({ getParentRoute: () => userLayout, path, component: lazyRouteComponent(userPages, name) });

const passwordRoute = page('leseraum/passwort', 'PasswordPage');
const settingsRoute = page('einstellungen', 'PersonalCustomizingPage');
const securityRoute = page('einstellungen/sicherheit', 'SicherheitPage');
const officelockerRoute = page('officelocker', 'OfficelockerPage');
// the check-in a phone opens by scanning a kiosk's board (decision 183): signed in, in the user layout
const kioskEincheckenRoute = createRoute({
  getParentRoute: () => userLayout,
  path: 'kiosk/einchecken',
  validateSearch: ZKioskEincheckenSuche,
  component: lazyRouteComponent(kioskVerwaltungPages, 'KioskEincheckenPage'),
});

// /fahrzeuge: period, filters, tab and the open vehicle (detail or booking dialog) live in the URL
const vehiclesRoute = createRoute({
  getParentRoute: () => userLayout,
  path: 'fahrzeuge',
  validateSearch: ZFahrzeugSuche,
  component: lazyRouteComponent(() => import('./pages/fahrzeuge-page'), 'FahrzeugePage'),
});
const vehicleOverviewRoute = page('fahrzeuge/uebersicht', 'FahrzeugUebersichtPage');
const approvalsRoute = page('fahrzeuge/freigaben', 'FreigabenPage');
// the holds booking staff confirm (R170, decision 136)
const bestaetigungenPage = (
  path: string,
  name: 'LeseraumBestaetigungenPage' | 'ArbeitsweltBestaetigungenPage',
) =>
  createRoute({
    getParentRoute: () => userLayout,
    path,
    component: lazyRouteComponent(() => import('./pages/bestaetigungen-pages'), name),
  });
const readingRoomConfirmRoute = bestaetigungenPage('leseraum/bestaetigungen', 'LeseraumBestaetigungenPage');
const workspaceConfirmRoute = bestaetigungenPage(
  'arbeitswelt/bestaetigungen',
  'ArbeitsweltBestaetigungenPage',
);
const licenceRoute = createRoute({
  getParentRoute: () => userLayout,
  path: 'fahrzeuge/fuehrerschein',
  validateSearch: ZFuehrerscheinSuche,
  component: lazyRouteComponent(userPages, 'FuehrerscheinPage'),
});

// --- reading-room sidebar layout ------------------------------------------------------------------

const leseraumRedirect = createRoute({
  getParentRoute: () => rootRoute,
  path: 'leseraum',
  // the user's view (Ansicht), the map by default (spec §2)
  beforeLoad: ({ context }) => {
    const ansicht = ansichtAus((name) => context.me?.customizing[name]?.value);
    throw redirect({ to: ansicht === 'liste' ? '/leseraum/liste' : '/leseraum/karte', replace: true });
  },
});
const readingRoomLayout = createRoute({
  getParentRoute: () => rootRoute,
  id: 'leseraum-layout',
  component: layouts.readingRoom,
});
const readingRoomMapRoute = createRoute({
  getParentRoute: () => readingRoomLayout,
  path: 'leseraum/karte',
  validateSearch: ZPlatzSuche,
  component: lazyRouteComponent(userPages, 'LeseraumKartePage'),
});
const readingRoomListRoute = createRoute({
  getParentRoute: () => readingRoomLayout,
  path: 'leseraum/liste',
  validateSearch: ZPlatzSuche,
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
  validateSearch: ZPlatzSuche,
  component: lazyRouteComponent(userPages, 'ArbeitsweltPage'),
});
const workspaceMapRoute = createRoute({
  getParentRoute: () => workspaceLayout,
  path: 'arbeitswelt/karte',
  validateSearch: ZPlatzSuche,
  component: lazyRouteComponent(userPages, 'ArbeitsweltKartePage'),
});
const workspaceListRoute = createRoute({
  getParentRoute: () => workspaceLayout,
  path: 'arbeitswelt/liste',
  validateSearch: ZPlatzSuche,
  component: lazyRouteComponent(userPages, 'ArbeitsweltListePage'),
});

// --- admin layout ---------------------------------------------------------------------------------

const adminLayout = createRoute({
  getParentRoute: () => rootRoute,
  path: 'admin',
  component: layouts.admin,
  errorComponent: RouteErrorScreen,
});
const adminHomeRoute = createRoute({
  getParentRoute: () => adminLayout,
  path: '/',
  component: lazyRouteComponent(adminPages, 'AdminHomePage'),
});
// /admin/auswertung: period and location in the URL (decision 195)
const adminAuswertungRoute = createRoute({
  getParentRoute: () => adminLayout,
  path: 'auswertung',
  validateSearch: ZAuslastungSearch,
  component: lazyRouteComponent(() => import('./pages/auswertung-pages'), 'AuswertungPage'),
});
// /admin/auslastung: period and filters in the URL (decision 163)
const adminAuslastungRoute = createRoute({
  getParentRoute: () => adminLayout,
  path: 'auslastung',
  validateSearch: ZAuslastungSearch,
  component: lazyRouteComponent(() => import('./pages/auslastung-pages'), 'AuslastungPage'),
});
const adminFahrzeugeRoute = createRoute({
  getParentRoute: () => adminLayout,
  path: 'fahrzeuge',
  component: lazyRouteComponent(fahrzeugAdminPages, 'AdminFahrzeugePage'),
});
// /admin/raeume: floor plans and places (decision 051)
const adminRaeumeRoute = createRoute({
  getParentRoute: () => adminLayout,
  path: 'raeume',
  validateSearch: ZRaeumeSuche,
  component: lazyRouteComponent(() => import('./pages/raeume-pages'), 'RaeumePage'),
});
const adminCustomizingRoute = createRoute({
  getParentRoute: () => adminLayout,
  path: 'einstellungen',
  component: lazyRouteComponent(stammdatenPages, 'AdminCustomizingPage'),
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
// /admin/kiosks: the wall screens (decision 182)
const adminKiosksRoute = createRoute({
  getParentRoute: () => adminLayout,
  path: 'kiosks',
  component: lazyRouteComponent(kioskVerwaltungPages, 'KiosksPage'),
});
const mailboxRoute = createRoute({
  getParentRoute: () => adminLayout,
  path: 'postausgang',
  component: lazyRouteComponent(adminPages, 'PostausgangPage'),
});

// --- tree -----------------------------------------------------------------------------------------

export const routeTree = rootRoute.addChildren([
  loginLayout.addChildren([
    loginRoute,
    publicRoute,
    recoveryRoute,
    confirmRoute,
    authFehlerRoute,
    imprintRoute,
  ]),
  kioskLayout.addChildren([kioskRoute, logoutRoute]),
  userLayout.addChildren([
    indexRoute,
    passwordRoute,
    settingsRoute,
    securityRoute,
    officelockerRoute,
    kioskEincheckenRoute,
    vehiclesRoute,
    vehicleOverviewRoute,
    approvalsRoute,
    licenceRoute,
    readingRoomConfirmRoute,
    workspaceConfirmRoute,
  ]),
  leseraumRedirect,
  readingRoomLayout.addChildren([readingRoomMapRoute, readingRoomListRoute]),
  workspaceLayout.addChildren([workspaceRoute, workspaceMapRoute, workspaceListRoute]),
  adminLayout.addChildren([
    adminHomeRoute,
    adminAuswertungRoute,
    adminAuslastungRoute,
    adminFahrzeugeRoute,
    adminRaeumeRoute,
    adminKiosksRoute,
    ...stammdatenRoutes,
    ...verwaltungRoutes,
    adminCustomizingRoute,
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
