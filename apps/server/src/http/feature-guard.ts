import { DomainError } from '@stellwerk/domain/errors';
import type { SwitchableFeature } from '@stellwerk/domain/features';
import type { FastifyRequest, RouteOptions } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The tenant's feature switch every call of the route needs (decision 126): switched off, the route answers
     * 404 `not_found` like a page that is not there, also where its input is invalid (the switch before the
     * input, after the guard). The services check the switch themselves; this only orders the refusals.
     */
    feature?: SwitchableFeature;
    /**
     * Whether this request is about something the switch does not cover (decision 126): the workspace shares the
     * reading room's booking routes and is always open (spec §1). Asked only when the switch is off.
     */
    featureAusnahme?: (request: FastifyRequest) => Promise<boolean>;
  }
}

/** Whether the signed-in caller's tenant has switched the route's feature off (app.ts reads the switches). */
export type FeatureSwitchedOff = (request: FastifyRequest, feature: SwitchableFeature) => Promise<boolean>;

/** Whether a request of a feature route is refused by the switch: off, and not about an item it does not cover. */
const refusedFor = async (
  request: FastifyRequest,
  feature: SwitchableFeature,
  switchedOff: FeatureSwitchedOff,
) => {
  if (!(await switchedOff(request, feature))) return false;
  const ausnahme = request.routeOptions?.config?.featureAusnahme;
  return !(ausnahme && (await ausnahme(request)));
};

/**
 * An `onRoute` hook for a scope whose routes all belong to `feature`: marks each route (`config.feature`) and
 * documents it as `x-feature` of its operation, so the feature walk finds them without a list of its own.
 * - `ausnahme`: the request is about something the switch does not cover (decision 126, the workspace).
 * - `jedeAnfrage`: routes whose services do not read the switch themselves (the reading room's administration):
 *   every request is checked before its input is validated (`preValidation`), not only a refused one.
 */
export const featureRoutes =
  (
    feature: SwitchableFeature,
    options: {
      ausnahme?: (request: FastifyRequest) => Promise<boolean>;
      jedeAnfrage?: FeatureSwitchedOff;
    } = {},
  ) =>
  (route: RouteOptions) => {
    route.config = {
      ...route.config,
      feature,
      ...(options.ausnahme ? { featureAusnahme: options.ausnahme } : {}),
    };
    if (route.schema && !route.schema.hide)
      route.schema = { ...route.schema, 'x-feature': feature } as typeof route.schema;
    const switchedOff = options.jedeAnfrage;
    if (switchedOff) {
      const check = async (request: FastifyRequest) => {
        if (await refusedFor(request, feature, switchedOff)) throw new DomainError('not_found');
      };
      route.preValidation = [...(route.preValidation ? [route.preValidation].flat() : []), check];
    }
  };

/** The refusals of the input (400, 413, 415, 422) that the feature switch comes before. */
const INPUT_REFUSALS = new Set([400, 413, 415, 422]);

/**
 * Whether an input refusal of a feature route is to become the switch's 404: only on an error answer, so a
 * valid request pays nothing (the services read the switch with their data, decision 086).
 */
export const refusedBySwitch = async (
  request: FastifyRequest,
  status: number,
  switchedOff: FeatureSwitchedOff | undefined,
): Promise<boolean> => {
  const feature = request.routeOptions?.config?.feature;
  if (!feature || !switchedOff || !INPUT_REFUSALS.has(status)) return false;
  try {
    return await refusedFor(request, feature, switchedOff);
  } catch {
    return false;
  }
};
