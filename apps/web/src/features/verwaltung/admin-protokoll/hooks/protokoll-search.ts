import { z } from 'zod/mini';

/**
 * The search params of /admin/protokoll (filters and page in the URL). Free of the API contract module so
 * the router can validate them without loading the admin code. Unreadable values are dropped.
 */
export const PROTOKOLL_PAGE_SIZE = 25;

const day = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/));
const uuid = z.string().check(z.regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i));
const code = z.string().check(z.trim(), z.minLength(1), z.maxLength(100));
/** Optional; an unreadable value becomes undefined instead of failing the page. */
const lenient = <T extends z.core.SomeType>(schema: T) => z.catch(z.optional(schema), undefined);

export const ZProtokollSearch = z.object({
  entity: lenient(code),
  action: lenient(code),
  benutzerId: lenient(uuid),
  from: lenient(day),
  to: lenient(day),
  page: lenient(
    z.coerce.number().check(
      z.minimum(1),
      z.maximum(40_000),
      z.refine((n) => Number.isInteger(n)),
    ),
  ),
});
export type TProtokollSearch = z.output<typeof ZProtokollSearch>;

export const parseProtokollSearch = (raw: unknown): TProtokollSearch => {
  const parsed = ZProtokollSearch.parse(typeof raw === 'object' && raw !== null ? raw : {});
  const clean = Object.fromEntries(
    Object.entries(parsed).filter(([, v]) => v !== undefined),
  ) as TProtokollSearch;
  // a range given the wrong way round is read the right way round
  if (clean.from && clean.to && clean.from > clean.to) return { ...clean, from: clean.to, to: clean.from };
  return clean;
};

/** The next search after a filter change: back to page 1 unless the page itself changed. */
export const nextProtokollSearch = (
  current: TProtokollSearch,
  patch: Partial<Record<keyof TProtokollSearch, string | number | null | undefined>>,
): TProtokollSearch => {
  const merged: Record<string, unknown> = { ...current, ...patch };
  if (!('page' in patch) || merged.page === 1) delete merged.page;
  return parseProtokollSearch(
    Object.fromEntries(Object.entries(merged).filter(([, v]) => v !== null && v !== undefined && v !== '')),
  );
};

export const toProtokollParams = (search: TProtokollSearch): URLSearchParams => {
  const params = new URLSearchParams();
  for (const key of ['entity', 'action', 'benutzerId', 'from', 'to'] as const) {
    const value = search[key];
    if (value) params.set(key, value);
  }
  params.set('limit', String(PROTOKOLL_PAGE_SIZE));
  params.set('offset', String(((search.page ?? 1) - 1) * PROTOKOLL_PAGE_SIZE));
  return params;
};
