/**
 * Check-in codes as a kiosk's board shows them (decision 183), signed here with the journey server's own secret:
 * `k1.<kioskId>.<standortId>.<minute>.<HMAC-SHA-256 hex>`, the secret being `kiosk-eincheck:` and the session secret
 * (apps/server/src/app.ts). The servers the runner starts keep their session secret in their DATA_DIR
 * (`session-secret`, config.ts); against an E2E_BASE_URL there is none and the journeys that need a code are skipped.
 */
import { createHmac } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** The session secret of the server at `baseURL` (the first or the second journey server), or null. */
export const serverSecret = (baseURL: string | undefined): string | null => {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir || !baseURL || process.env.E2E_BASE_URL) return null;
  const second = new URL(baseURL).port === process.env.E2E_SECOND_PORT;
  const file = path.join(second ? path.join(dataDir, 'second-server') : dataDir, 'session-secret');
  return existsSync(file) ? readFileSync(file, 'utf8').trim() : null;
};

/** The code the board of `kioskId` at `standortId` shows at `jetztMs` (the server's time). */
export const eincheckCode = (
  secret: string,
  kioskId: string,
  standortId: string,
  jetztMs: number,
): string => {
  const nachricht = `k1.${kioskId}.${standortId}.${Math.floor(jetztMs / 60_000)}`;
  const signatur = createHmac('sha256', `kiosk-eincheck:${secret}`).update(nachricht).digest('hex');
  return `${nachricht}.${signatur}`;
};
