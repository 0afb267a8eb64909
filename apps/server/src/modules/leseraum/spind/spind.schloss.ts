/**
 * The lock adapter (decision 223): how a locker opens is the tenant's option SpindSchloss. `keins` stores and shows
 * no PIN (the number only), `pin` gives each booking a PIN shown only to its owner on the day, `http` tells the
 * vendor's lock system at SpindSchlossUrl of every booking, move and release. The request never carries a PIN,
 * a name or an e-mail address; a failure never undoes the booking: it is written to the audit log. A release
 * (`freigegeben`) is also written as an order in the releasing transaction and sent until the vendor takes it
 * (decision 250): at once after the commit, then by the job `spind.schloss` with a growing wait, and given up
 * (audited, on the facility list) after the last attempt.
 */
import { randomInt } from 'node:crypto';
import {
  isLockAdapterArt,
  type LockAdapterArt,
  naechsterSchlossVersuch,
  neuePin,
} from '@stellwerk/domain/leseraum/spind/regeln';
import { isHttpUrl, stringCustomizing } from '@stellwerk/domain/verwaltung/customizing';
import type { Database, Tx } from '../../../db/client.ts';
import { writeAudit } from '../../plattform/audit/audit.service.ts';
import { loadMandantCustomizing } from '../../verwaltung/customizing/customizing.service.ts';
import {
  beanspruchSchlossAuftraege,
  findSpind,
  insertSchlossAuftraege,
  loescheSchlossAuftrag,
  type SpindSchlossAuftragRow,
  vermerkeSchlossFehler,
} from './spind.repository.ts';

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
export const schlossDesMandanten = async (tx: Tx): Promise<Schloss> => {
  const settings = await loadMandantCustomizing(tx);
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

/** How long a claimed order is kept from other senders while its request runs (longer than the timeout). */
const SPERRE_MS = 5 * 60_000;
/** How often, and how far apart, the send after a commit looks for orders its transaction has not committed yet. */
const SICHTBAR_VERSUCHE = 20;
const SICHTBAR_PAUSE_MS = 50;

const auditSchloss = (
  tx: Tx,
  mandantId: string,
  action: 'schloss_fehler' | 'schloss_aufgegeben',
  auftrag: SpindSchlossAuftragRow,
  fehler: string,
  versuche: number,
) =>
  writeAudit(tx, {
    mandantId,
    benutzerId: null,
    action,
    entity: 'spind_buchung',
    entityId: auftrag.spindBuchungId,
    newValue: { ereignis: 'freigegeben', spindId: auftrag.spindId, fehler, versuche },
  });

/**
 * Writes, in the releasing transaction, one order per released locker booking for the lock system (only with the
 * `http` adapter and an address); the ids are handed to `sendeSchlossAuftraege` after the commit.
 */
export const vormerkeFreigaben = async (
  tx: Tx,
  mandantId: string,
  jetzt: Date,
  rows: { id: string; mandantId: string; spindId: string; von: Date; bis: Date }[],
): Promise<string[]> => {
  if (rows.length === 0 || !(await schlossDesMandanten(tx)).url) return [];
  const auftraege = [];
  // one query at a time: a transaction has one connection
  for (const r of rows)
    auftraege.push({
      mandantId,
      spindId: r.spindId,
      spindBuchungId: r.id,
      nachricht: await nachrichtZu(tx, 'freigegeben', r),
      jetzt,
    });
  return insertSchlossAuftraege(tx, auftraege);
};

/** One attempt of one claimed order; its outcome written in a transaction of its own. */
const sendeAuftrag = async (
  database: Pick<Database, 'withTenant'>,
  mandantId: string,
  url: string | null,
  auftrag: SpindSchlossAuftragRow,
  jetzt: Date,
): Promise<boolean> => {
  // the adapter was switched off or its address removed: nobody is left to tell
  const fehler = url ? await sendeAnSchloss(url, auftrag.nachricht as SchlossNachricht) : null;
  await database.withTenant(mandantId, async (tx) => {
    if (!fehler) {
      await loescheSchlossAuftrag(tx, auftrag.id);
      return;
    }
    const versuche = auftrag.versuche + 1;
    const naechster = naechsterSchlossVersuch(versuche, jetzt);
    await vermerkeSchlossFehler(tx, auftrag.id, { versuche, fehler, naechsterVersuch: naechster, jetzt });
    // the first failure is audited as every lock failure is (decision 223), the last one as given up
    if (auftrag.versuche === 0)
      await auditSchloss(tx, mandantId, 'schloss_fehler', auftrag, fehler, versuche);
    if (!naechster) await auditSchloss(tx, mandantId, 'schloss_aufgegeben', auftrag, fehler, versuche);
  });
  return fehler === null;
};

/**
 * Sends the release orders due at `jetzt` (all of the tenant's, or only `ids` right after the transaction that
 * wrote them): each is claimed, sent outside any transaction, and then deleted when the vendor took it, else
 * counted and given its next attempt, or given up after the last. Orders of `ids` that are not visible yet (the
 * releasing transaction has not committed) are looked for again briefly and otherwise left to the job. Never throws.
 */
export const sendeSchlossAuftraege = async (
  database: Pick<Database, 'withTenant'>,
  mandantId: string,
  jetzt: Date,
  ids?: readonly string[],
): Promise<{ gesendet: number; fehlgeschlagen: number }> => {
  const ergebnis = { gesendet: 0, fehlgeschlagen: 0 };
  let offen = ids ? [...ids] : undefined;
  for (let runde = 0; ; runde++) {
    const { url, auftraege } = await database.withTenant(mandantId, async (tx) => ({
      url: (await schlossDesMandanten(tx)).url,
      auftraege: await beanspruchSchlossAuftraege(tx, jetzt, new Date(jetzt.getTime() + SPERRE_MS), offen),
    }));
    for (const a of auftraege) {
      if (await sendeAuftrag(database, mandantId, url, a, jetzt)) ergebnis.gesendet++;
      else ergebnis.fehlgeschlagen++;
    }
    if (!offen) return ergebnis;
    const beansprucht = new Set(auftraege.map((a) => a.id));
    offen = offen.filter((id) => !beansprucht.has(id));
    if (offen.length === 0 || runde >= SICHTBAR_VERSUCHE) return ergebnis;
    await new Promise((resolve) => setTimeout(resolve, SICHTBAR_PAUSE_MS));
  }
};

/**
 * After the releasing transaction: sends its orders on the next turn of the event loop, not awaited (the coupled
 * release runs inside the place booking's transaction, which must not wait for the vendor). Without a database
 * (a job's step) nothing is sent here: the job `spind.schloss` sends the orders within the minute.
 */
export const sendeNachCommit = (
  database: Pick<Database, 'withTenant'> | undefined,
  mandantId: string,
  jetzt: Date,
  ids: readonly string[],
): void => {
  if (!database || ids.length === 0) return;
  setImmediate(() => {
    void sendeSchlossAuftraege(database, mandantId, jetzt, ids).catch((e: unknown) =>
      console.warn('spind lock adapter: sending the release orders failed', e),
    );
  });
};
