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
  }
}

/**
 * An `onRoute` hook for a scope whose routes all belong to `feature`: marks each route (`config.feature`) and
 * documents it as `x-feature` of its operation, so the feature walk finds them without a list of its own.
 */
export const featureRoutes = (feature: SwitchableFeature) => (route: RouteOptions) => {
  route.config = { ...route.config, feature };
  if (route.schema && !route.schema.hide)
    route.schema = { ...route.schema, 'x-feature': feature } as typeof route.schema;
};

/** Whether the signed-in caller's tenant has switched the route's feature off (app.ts reads the switches). */
export type FeatureSwitchedOff = (request: FastifyRequest, feature: SwitchableFeature) => Promise<boolean>;

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
    return await switchedOff(request, feature);
  } catch {
    return false;
  }
};
