/**
 * Syncing a list of names against what is stored (spec §7: "Saving a tenant syncs its domains (missing ones
 * added, removed ones deleted)"; the same for parking spots of a location). Pure: the caller reads the
 * stored rows, asks what to add and remove, and writes exactly that.
 */
import { DomainError } from '../errors.ts';

export type SyncPlan = { add: string[]; remove: string[]; keep: string[] };

/**
 * What to add and remove so that `current` becomes `desired`. Duplicates in `desired` count once; the order
 * of `add` and `keep` follows `desired`, the order of `remove` follows `current`.
 */
export const syncNames = ({
  current,
  desired,
}: {
  current: readonly string[];
  desired: readonly string[];
}): SyncPlan => {
  const wanted = [...new Set(desired)];
  const stored = new Set(current);
  const wantedSet = new Set(wanted);
  return {
    add: wanted.filter((name) => !stored.has(name)),
    remove: [...new Set(current)].filter((name) => !wantedSet.has(name)),
    keep: wanted.filter((name) => stored.has(name)),
  };
};

/** Longest domain name (RFC 1035: 253 characters), longest label 63. */
export const MAX_DOMAIN_LENGTH = 253;
const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/** `domain` trimmed and lower-cased; a trailing dot is dropped. */
export const normalizeDomain = (domain: string): string => domain.trim().toLowerCase().replace(/\.$/, '');

/** A host name with at least two labels of letters, digits and inner hyphens (no scheme, port, path or @). */
export const isValidDomain = (domain: string): boolean => {
  if (domain.length === 0 || domain.length > MAX_DOMAIN_LENGTH) return false;
  const labels = domain.split('.');
  if (labels.length < 2) return false;
  if (!labels.every((l) => LABEL.test(l))) return false;
  return /[a-z]/.test(labels[labels.length - 1]!);
};

/**
 * The domains of a tenant as they are stored: normalised, validated ('mandant.domain_ungueltig' names the
 * first bad one) and without duplicates, in the given order.
 */
export const normalizeDomains = (domains: readonly string[]): string[] => {
  const result: string[] = [];
  for (const raw of domains) {
    const domain = normalizeDomain(raw);
    if (!isValidDomain(domain))
      throw new DomainError('mandant.domain_ungueltig', { domain: raw.slice(0, 100) });
    if (!result.includes(domain)) result.push(domain);
  }
  return result;
};

/**
 * The domain sync of spec §7 for a tenant: `desired` is normalised and validated first, so 'Example.org'
 * and 'example.org.' are the stored 'example.org' and neither added nor removed.
 */
export const syncDomains = ({
  current,
  desired,
}: {
  current: readonly string[];
  desired: readonly string[];
}): SyncPlan => syncNames({ current, desired: normalizeDomains(desired) });

/**
 * Names of a list (parking spots): trimmed, empty ones dropped, duplicates counted once
 * (case-sensitive, as the unique constraint is).
 */
export const cleanNames = (names: readonly string[]): string[] => [
  ...new Set(names.map((n) => n.trim()).filter((n) => n.length > 0)),
];
