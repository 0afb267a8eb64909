/**
 * The kiosk device's side of the API (decisions 182, 207): no session, the device token in the `x-kiosk-token`
 * header, kept in this browser's localStorage. An unpaired device holds the secret of its pairing code instead.
 */
import {
  KIOSK_TOKEN_HEADER,
  ZKioskGeraet,
  ZKioskKopplung,
  ZKioskTafel,
} from '@stellwerk/domain/plattform/kiosk/api';
import { toApiError } from '../../../../lib/api-client';

export const KIOSK_TOKEN_KEY = 'stellwerk.kioskToken';

export const gespeicherterToken = (): string | null => {
  try {
    return globalThis.localStorage?.getItem(KIOSK_TOKEN_KEY) ?? null;
  } catch {
    return null;
  }
};

export const speichereToken = (token: string | null): void => {
  try {
    if (token) globalThis.localStorage?.setItem(KIOSK_TOKEN_KEY, token);
    else globalThis.localStorage?.removeItem(KIOSK_TOKEN_KEY);
  } catch {
    // private mode: the pairing lasts for this page only
  }
};

/** The web app's version the device reports with each contact (shown in the admin list). */
const VERSION = typeof __BUILD_ID__ === 'string' ? __BUILD_ID__.slice(0, 40) : '';

const geraetFetch = async (path: string, token: string | null, method: 'GET' | 'POST' = 'GET') => {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (token) headers[KIOSK_TOKEN_HEADER] = token;
  const response = await fetch(path, { method, headers, credentials: 'omit', cache: 'no-store' });
  const text = await response.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = text;
  }
  if (!response.ok) throw toApiError(response.status, body, `HTTP ${response.status}`);
  return body;
};

const mitVersion = (path: string) => (VERSION ? `${path}?version=${encodeURIComponent(VERSION)}` : path);

/** A new pairing code for this device and the secret that becomes its token once paired. */
export const neueKopplung = async () =>
  ZKioskKopplung.parse(await geraetFetch('/api/kiosk/kopplung', null, 'POST'));

/** The device's own settings; 401 `kiosk.nicht_gekoppelt` while no administrator entered the code. */
export const ladeGeraet = async (token: string) =>
  ZKioskGeraet.parse(await geraetFetch(mitVersion('/api/kiosk/geraet'), token));

/** What the board shows now. */
export const ladeTafel = async (token: string) =>
  ZKioskTafel.parse(await geraetFetch(mitVersion('/api/kiosk/tafel'), token));

/** The image of a plan on the board, as a blob (an <img> cannot send the device token). */
export const ladePlanBild = async (token: string, grundrissId: string): Promise<Blob> => {
  const response = await fetch(`/api/kiosk/tafel/plaene/${encodeURIComponent(grundrissId)}/bild`, {
    headers: { [KIOSK_TOKEN_HEADER]: token },
    credentials: 'omit',
  });
  if (!response.ok) throw toApiError(response.status, undefined, `HTTP ${response.status}`);
  return response.blob();
};
