/**
 * The lock adapter (decision 223): how a locker opens is the tenant's option SpindSchloss. `keins` stores and shows
 * no PIN (the number only), `pin` gives each booking a PIN shown only to its owner on the day, `http` tells the
 * vendor's lock system at SpindSchlossUrl of every booking, move and release. The request never carries a PIN,
 * a name or an e-mail address; a failure never undoes the booking: it is written to the audit log.
 */
import { randomInt } from 'node:crypto';
import { isLockAdapterArt, type LockAdapterArt, neuePin } from '@stellwerk/domain/leseraum/spind/regeln';
import { isHttpUrl, stringCustomizing } from '@stellwerk/domain/verwaltung/customizing';
import type { Database, Tx } from '../../../db/client.ts';
import { writeAudit } from '../../plattform/audit/audit.service.ts';
import { loadEffectiveCustomizing } from '../../verwaltung/customizing/customizing.service.ts';
import { findSpind } from './spind.repository.ts';

/** How long the vendor may take to answer before the request counts as failed. */
export const SCHLOSS_TIMEOUT_MS = 3000;

export type SchlossEreignis = 'gebucht' | 'verschoben' | 'freigegeben';

/** The body POSTed to the vendor (documented in docs/administration.md). */
export type SchlossNachricht = {
  ereignis: SchlossEreignis;
  mandant: string;
  spindbank: string;
  spind: { id: string; nummer: string };
  von: string;
  bis: string;
  buchungId: string;
  /** Only with `verschoben`: the booking the move replaced. */
  vorherigeBuchungId?: string;
};

export type Schloss = {
  art: LockAdapterArt;
  /** The PIN for a new booking: only with `pin`. */
  neuePin: (zufall?: (n: number) => number) => string | null;
  /** Whether an owner's answer may show the stored PIN. */
  zeigtPin: boolean;
  /** The vendor address with `http` and a valid SpindSchlossUrl, else null (nothing is sent). */
  url: string | null;
};

/** The tenant's lock adapter, read in its transaction (SpindSchloss and SpindSchlossUrl are tenant options). */
export const schlossDesMandanten = async (tx: Tx, benutzerId: string): Promise<Schloss> => {
  const settings = await loadEffectiveCustomizing(tx, benutzerId);
  const wert = stringCustomizing(settings, 'SpindSchloss');
  const art: LockAdapterArt = isLockAdapterArt(wert) ? wert : 'keins';
  const adresse = stringCustomizing(settings, 'SpindSchlossUrl').trim();
  return {
    art,
    neuePin: (zufall) => (art === 'pin' ? neuePin(zufall ?? ((n) => randomInt(n))) : null),
    zeigtPin: art === 'pin',
    url: art === 'http' && adresse !== '' && isHttpUrl(adresse) ? adresse : null,
  };
};

/** The message of one booking row (its locker and bank read in the transaction). */
export const nachrichtZu = async (
  tx: Tx,
  ereignis: SchlossEreignis,
  row: { id: string; mandantId: string; spindId: string; von: Date; bis: Date },
  vorherigeBuchungId?: string,
): Promise<SchlossNachricht> => {
  const s = await findSpind(tx, row.spindId);
  return {
    ereignis,
    mandant: row.mandantId,
    spindbank: s?.bank.name ?? '',
    spind: { id: row.spindId, nummer: s?.spind.nummer ?? '' },
    von: row.von.toISOString(),
    bis: row.bis.toISOString(),
    buchungId: row.id,
    ...(vorherigeBuchungId ? { vorherigeBuchungId } : {}),
  };
};

/** Sends one message; resolves to null on a 2xx answer, else to a short reason (never throws). */
export const sendeAnSchloss = async (url: string, nachricht: SchlossNachricht): Promise<string | null> => {
  try {
    const antwort = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(nachricht),
      signal: AbortSignal.timeout(SCHLOSS_TIMEOUT_MS),
      redirect: 'error',
    });
    await antwort.body?.cancel();
    return antwort.ok ? null : `HTTP ${antwort.status}`;
  } catch (e) {
    return e instanceof Error ? (e.name === 'TimeoutError' ? 'timeout' : e.message) : 'unbekannt';
  }
};

/**
 * Sends the messages and writes one audit row per failure in its own transaction. Called after the booking's
 * transaction committed where the operation owns it; see `meldeNachCommit` for the coupled ones.
 */
export const melde = async (
  database: Pick<Database, 'withTenant'> | undefined,
  mandantId: string,
  url: string | null,
  nachrichten: SchlossNachricht[],
): Promise<void> => {
  if (!url) return;
  for (const n of nachrichten) {
    const fehler = await sendeAnSchloss(url, n);
    if (!fehler) continue;
    if (!database) {
      console.warn(`spind lock adapter: ${n.ereignis} ${n.buchungId} failed: ${fehler}`);
      continue;
    }
    await database
      .withTenant(mandantId, (tx) =>
        writeAudit(tx, {
          mandantId,
          benutzerId: null,
          action: 'schloss_fehler',
          entity: 'spind_buchung',
          entityId: n.buchungId,
          newValue: { ereignis: n.ereignis, spindId: n.spind.id, fehler },
        }),
      )
      .catch((e: unknown) => console.warn('spind lock adapter: audit failed', e));
  }
};

/**
 * For the coupled locker, whose operations run inside the place booking's transaction: the send starts on the
 * next turn of the event loop and is not awaited, so the place booking never waits for the vendor (decision 223).
 */
export const meldeNachCommit = (
  database: Pick<Database, 'withTenant'> | undefined,
  mandantId: string,
  url: string | null,
  nachrichten: SchlossNachricht[],
): void => {
  if (!url || nachrichten.length === 0) return;
  setImmediate(() => {
    void melde(database, mandantId, url, nachrichten);
  });
};
