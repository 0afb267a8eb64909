/**
 * API clients of the journeys, and a demo tenant's feature switches changed for the journeys of one file (the
 * `exclusive` ones: nothing else runs on their server meanwhile) and set back after them.
 */
import { type APIRequestContext, expect, type PlaywrightWorkerArgs } from '@playwright/test';
import { DEMO_PASSWORD, PLATFORM_ADMIN } from './demo.ts';

export type Mandant = { id: string; name: string; features: Record<string, boolean> };

/** An API client of `baseURL` signed in as `email` with the demo password, sending the app's own origin. */
export const apiAls = async (
  playwright: PlaywrightWorkerArgs['playwright'],
  baseURL: string | undefined,
  email: string,
): Promise<APIRequestContext> => {
  const api = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL ?? '' } });
  const signedIn = await api.post('/api/auth/sign-in/email', { data: { email, password: DEMO_PASSWORD } });
  expect(signedIn.status()).toBe(200);
  return api;
};

export type Schalter = {
  tenant: Mandant;
  /** Sets the tenant's switches (all of them, as the platform administrator's PUT takes them). */
  setze: (features: Record<string, boolean>) => Promise<void>;
  /** The switches as they were before, and the platform administrator's client closed: for `test.afterAll`. */
  zurueck: () => Promise<void>;
};

/**
 * The platform administrator changes the switches `aenderung` of the demo tenant `name` (for `test.beforeAll`); the
 * answer sets them back (`zurueck`, for `test.afterAll`).
 */
export const funktionenSetzen = async (
  playwright: PlaywrightWorkerArgs['playwright'],
  baseURL: string | undefined,
  name: string,
  aenderung: Record<string, boolean>,
): Promise<Schalter> => {
  const plattform = await apiAls(playwright, baseURL, PLATFORM_ADMIN.email);
  const list = (await (await plattform.get('/api/admin/mandanten')).json()) as Mandant[];
  const tenant = list.find((m) => m.name === name)!;
  const setze = async (features: Record<string, boolean>) => {
    const response = await plattform.put(`/api/admin/mandanten/${tenant.id}/features`, { data: features });
    expect(response.status()).toBe(200);
  };
  await setze({ ...tenant.features, ...aenderung });
  return {
    tenant,
    setze,
    zurueck: async () => {
      await setze(tenant.features);
      await plattform.dispose();
    },
  };
};
