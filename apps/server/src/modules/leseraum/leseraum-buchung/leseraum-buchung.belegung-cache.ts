/**
 * The cache of the seat map (decision 263): per tenant, plan and day, what the database holds for that day
 * (`Tagesgrundlage`), with the places' JSON per state variant. Nothing of a user is in it: their rules, their own
 * bookings and own place are applied per request (`belegungAlsJson`). Dropped on the events that announce a change of
 * what it holds — at once on this instance (right after the changing transaction's commit), on the others when
 * LISTEN brings the event — and everything on a gap of LISTEN; an entry older than `MAX_ALTER_MS` is read again
 * (a net for an event lost between commit and LISTEN: every writer of what the map shows announces it, decision 273
 * lists them).
 */
import { geaenderteSitzplaene, type TServerEvent } from '@stellwerk/domain/events';
import type { Tagesgrundlage } from './leseraum-buchung.belegung.ts';

/** An entry is read again after this long even without an event. */
export const MAX_ALTER_MS = 30_000;
/** Entries kept at most (the oldest goes first); a 1,000-place day is about 0.5 MB with two variants. */
export const MAX_EINTRAEGE = 200;

type Eintrag = { grundlage: Tagesgrundlage; seit: number };

export type BelegungsCache = {
  /**
   * The day of a plan of the tenant: kept, or read with `laden` (several requests for the same missing day share
   * one reading). What was read while the tenant's entries were dropped is answered but not kept.
   */
  holen: (
    mandantId: string,
    grundrissId: string,
    tag: string,
    laden: () => Promise<Tagesgrundlage>,
  ) => Promise<Tagesgrundlage>;
  /** Drops what an event of the tenant changes (`AENDERT_SITZPLAN`, domain events.ts). */
  ereignis: (mandantId: string, event: TServerEvent) => void;
  /** Drops everything (events may have been lost). */
  leeren: () => void;
  groesse: () => number;
};

export const createBelegungsCache = ({
  now = () => Date.now(),
  aktiv = () => true,
}: {
  now?: () => number;
  /** Whether events arrive (the LISTEN connection is up); while not, nothing is kept or served from the cache. */
  aktiv?: () => boolean;
} = {}): BelegungsCache => {
  const eintraege = new Map<string, Eintrag>();
  const laufend = new Map<string, Promise<Tagesgrundlage>>();
  /** Per tenant, how often its entries were dropped: a reading that began before a drop is not kept. */
  const generation = new Map<string, number>();
  let alles = 0;
  const stand = (mandantId: string) => `${alles}:${generation.get(mandantId) ?? 0}`;
  const schluessel = (mandantId: string, grundrissId: string, tag: string) =>
    `${mandantId}|${grundrissId}|${tag}`;

  const verwerfen = (mandantId: string, grundrissId?: string) => {
    generation.set(mandantId, (generation.get(mandantId) ?? 0) + 1);
    const praefix = grundrissId ? `${mandantId}|${grundrissId}|` : `${mandantId}|`;
    for (const key of eintraege.keys()) if (key.startsWith(praefix)) eintraege.delete(key);
    for (const key of laufend.keys()) if (key.startsWith(praefix)) laufend.delete(key);
  };

  return {
    holen: async (mandantId, grundrissId, tag, laden) => {
      if (!aktiv()) {
        if (eintraege.size > 0 || laufend.size > 0) {
          alles++;
          eintraege.clear();
          laufend.clear();
        }
        return laden();
      }
      const key = schluessel(mandantId, grundrissId, tag);
      const eintrag = eintraege.get(key);
      if (eintrag && now() - eintrag.seit < MAX_ALTER_MS) return eintrag.grundlage;
      const schon = laufend.get(key);
      if (schon) return schon;
      const vorher = stand(mandantId);
      const seit = now();
      const lesen = laden();
      laufend.set(key, lesen);
      try {
        const grundlage = await lesen;
        if (stand(mandantId) === vorher) {
          eintraege.delete(key);
          eintraege.set(key, { grundlage, seit });
          while (eintraege.size > MAX_EINTRAEGE) eintraege.delete(eintraege.keys().next().value!);
        }
        return grundlage;
      } finally {
        if (laufend.get(key) === lesen) laufend.delete(key);
      }
    },
    ereignis: (mandantId, event) => {
      const was = geaenderteSitzplaene(event);
      if (was === 'mandant') verwerfen(mandantId);
      else if (was) verwerfen(mandantId, was.grundrissId);
    },
    leeren: () => {
      alles++;
      eintraege.clear();
      laufend.clear();
    },
    groesse: () => eintraege.size,
  };
};
