/**
 * The shape of a policy (decision 204): who may do an action, declared per area (`<area>/<area>.policy.ts`) and
 * combined in `policy.ts`. A rule is one of three kinds, so the route guard, the operation, the OpenAPI document and
 * the web app all read the same declaration:
 * - `bildschirm`: whoever the admin screen's guard of spec §2 admits (`checkAdminRoute`, with its error codes); with
 *   several screens, whoever one of them admits (the first screen's refusal otherwise);
 * - `rechte`: a signed-in user holding at least one of the rights (`fehler` when none is held);
 * - `plattform`: the platform administrator.
 */
import type { ErrorCode } from './errors.ts';
import type { Texts } from './language.ts';
import type { PermissionName } from './permissions.ts';

export type PolicyRegel =
  | { readonly bildschirm: `/admin${string}` | readonly [`/admin${string}`, ...`/admin${string}`[]] }
  | { readonly rechte: readonly PermissionName[]; readonly fehler: ErrorCode }
  | { readonly plattform: true };

export type Policy = PolicyRegel & {
  /** What the action is, for the OpenAPI document and the administrators' guide. */
  readonly beschreibung: Texts;
};

/** Keeps each action's name as a literal type, so `Aktion` is the union of every declared action. */
export const policies = <const A extends string>(
  p: Readonly<Record<A, Policy>>,
): Readonly<Record<A, Policy>> => p;
