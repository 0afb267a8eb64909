/**
 * Sends the queued pushes (decision 245), never inside a database transaction: one short transaction takes (and
 * deletes) up to a batch of queued pushes, the `web-push` package encrypts each for every subscribed device of its user
 * (aes128gcm, RFC 8291) and signs the request with the VAPID key (RFC 8292), and a subscription the push service
 * answers 404 or 410 for (the browser dropped it) is removed. A push is sent at most once: a failed delivery is
 * logged, not retried (the mail beside it stays the lasting message).
 */
import type { FastifyBaseLogger } from 'fastify';
import webpush from 'web-push';
import type { VapidKeys } from '../../../config.ts';
import type { Database } from '../../../db/client.ts';
import { claimAusgang, deleteAbosByIds, findAbosFuer } from './push.repository.ts';

export const PUSH_BATCH = 50;
/** How long a push service may take to answer (ms). */
export const PUSH_TIMEOUT_MS = 10_000;
/** How long the push service keeps a message for a device that is offline (seconds): a day. */
export const PUSH_TTL_S = 24 * 60 * 60;

/**
 * One request to the push service: web-push encrypts the payload and writes the VAPID header, the request itself
 * is fetch's (so a timeout ends it). Resolves to the push service's status.
 */
const sende = async (
  abo: { endpoint: string; p256dh: string; auth: string },
  payload: string,
  vapid: VapidKeys,
): Promise<number> => {
  const anfrage = webpush.generateRequestDetails(
    { endpoint: abo.endpoint, keys: { p256dh: abo.p256dh, auth: abo.auth } },
    payload,
    { vapidDetails: vapid, contentEncoding: 'aes128gcm', TTL: PUSH_TTL_S, urgency: 'normal' },
  );
  const headers: Record<string, string> = {};
  for (const [name, wert] of Object.entries(anfrage.headers)) headers[name] = String(wert);
  const antwort = await fetch(anfrage.endpoint, {
    method: anfrage.method,
    headers,
    body: anfrage.body ? new Uint8Array(anfrage.body) : null,
    redirect: 'error',
    signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
  });
  await antwort.body?.cancel();
  return antwort.status;
};

export type PushDispatchResult = { gesendet: number; fehlgeschlagen: number; entfernt: number };

export const dispatchPushes = async ({
  database,
  vapid,
  log,
  batch = PUSH_BATCH,
}: {
  database: Pick<Database, 'withAllTenants'>;
  vapid: VapidKeys;
  log?: Pick<FastifyBaseLogger, 'warn'>;
  batch?: number;
}): Promise<PushDispatchResult> => {
  const result: PushDispatchResult = { gesendet: 0, fehlgeschlagen: 0, entfernt: 0 };
  const faellig = await database.withAllTenants((tx) => claimAusgang(tx, batch));
  for (const push of faellig) {
    const abos = await database.withAllTenants((tx) => findAbosFuer(tx, push.benutzerId, push.art));
    const weg: string[] = [];
    const payload = JSON.stringify({ art: push.art, title: push.titel, body: push.text, url: push.url });
    for (const abo of abos) {
      let status: number | undefined;
      let fehler: string | undefined;
      try {
        status = await sende(abo, payload, vapid);
      } catch (err) {
        fehler = err instanceof Error ? err.message : String(err);
      }
      if (status === 404 || status === 410) weg.push(abo.id);
      else if (status !== undefined && status >= 200 && status < 300) result.gesendet++;
      else {
        result.fehlgeschlagen++;
        log?.warn({ pushAbo: abo.id, status, err: fehler }, 'push delivery failed');
      }
    }
    if (weg.length > 0) result.entfernt += await database.withAllTenants((tx) => deleteAbosByIds(tx, weg));
  }
  return result;
};
