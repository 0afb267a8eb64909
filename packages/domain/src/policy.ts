/**
 * One way to check rights (decision 204): every action a right guards is declared once, in its area's
 * `<area>.policy.ts`; this registry combines them. The server's route guard (`routeGuard.darf`) and the operation
 * (`assertDarf`) ask `pruefeAktion`; the user's answer (`GET /api/me`) carries the actions they may do (`darf`),
 * so the web app reads abilities instead of recomputing them from rights.
 */
import type { ErrorCode } from './errors.ts';
import { FAHRTEN_POLICIES } from './fahrten/fahrten.policy.ts';
import { FAHRZEUGE_POLICIES } from './fahrzeuge/fahrzeuge.policy.ts';
import { IDENTITAET_POLICIES } from './identitaet/identitaet.policy.ts';
import { LESERAUM_POLICIES } from './leseraum/leseraum.policy.ts';
import { checkAdminRoute, type GuardContext } from './permissions.ts';
import { PLATTFORM_POLICIES } from './plattform/plattform.policy.ts';
import type { Policy } from './policy-regel.ts';
import { VERWALTUNG_POLICIES } from './verwaltung/verwaltung.policy.ts';

export const POLICIES = {
  ...IDENTITAET_POLICIES,
  ...VERWALTUNG_POLICIES,
  ...LESERAUM_POLICIES,
  ...FAHRZEUGE_POLICIES,
  ...FAHRTEN_POLICIES,
  ...PLATTFORM_POLICIES,
} as const satisfies Record<string, Policy>;

/** An action a right guards, e.g. `fahrzeuge.pflegen`: a misspelt action does not compile. */
export type Aktion = keyof typeof POLICIES;

export const AKTIONEN = Object.keys(POLICIES).sort() as Aktion[];

export const isAktion = (s: string): s is Aktion => Object.hasOwn(POLICIES, s);

/** `null` when `subjekt` may do `aktion`, else the refusal's error code (401/403 codes of the catalogue). */
export const pruefeAktion = (aktion: Aktion, subjekt: GuardContext | null): ErrorCode | null => {
  const policy: Policy = POLICIES[aktion];
  if ('bildschirm' in policy) {
    const screens = typeof policy.bildschirm === 'string' ? [policy.bildschirm] : policy.bildschirm;
    const failures = screens.map((screen) => checkAdminRoute(screen, subjekt));
    return failures.includes(null) ? null : failures[0]!;
  }
  if (subjekt === null) return 'auth.unauthenticated';
  if ('plattform' in policy) return subjekt.isPlatformAdmin ? null : 'guard.no_plattform_admin';
  return policy.rechte.some((r) => subjekt.permissions.has(r)) ? null : policy.fehler;
};

export const darf = (aktion: Aktion, subjekt: GuardContext | null): boolean =>
  pruefeAktion(aktion, subjekt) === null;

/** Every action `subjekt` may do, sorted: the abilities `GET /api/me` answers. */
export const erlaubteAktionen = (subjekt: GuardContext): Aktion[] => AKTIONEN.filter((a) => darf(a, subjekt));
