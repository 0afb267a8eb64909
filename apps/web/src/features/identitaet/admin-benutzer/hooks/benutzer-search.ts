import { z } from 'zod/mini';

/**
 * The search params of /admin/benutzer (filters, sort and page live in the URL). Deliberately free of the
 * API contract module so the router can validate them without loading the admin code; the values mirror
 * `ZBenutzerListQuery` (a test checks that). Anything unreadable is dropped instead of failing the page.
 */
export const BENUTZER_SEARCH_SORT = [
  'standard',
  'email',
  'vorname',
  'nachname',
  'employeeId',
  'status',
] as const;
export const BENUTZER_PAGE_SIZE = 25;

const uuid = z.string().check(z.regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i));
/** Optional; an unreadable value becomes undefined instead of failing the page. */
const lenient = <T extends z.core.SomeType>(schema: T) => z.catch(z.optional(schema), undefined);

export const ZBenutzerSearch = z.object({
  q: lenient(z.string().check(z.trim(), z.maxLength(200))),
  status: lenient(z.enum(['aktiv', 'inaktiv'])),
  rolleId: lenient(uuid),
  gruppeId: lenient(uuid),
  sort: lenient(z.enum(BENUTZER_SEARCH_SORT)),
  dir: lenient(z.enum(['asc', 'desc'])),
  page: lenient(
    z.coerce.number().check(
      z.minimum(1),
      z.maximum(40_000),
      z.refine((n) => Number.isInteger(n)),
    ),
  ),
});
export type TBenutzerSearch = z.output<typeof ZBenutzerSearch>;

/** Reads search params; empty values are left out so the URL stays short. */
export const parseBenutzerSearch = (raw: unknown): TBenutzerSearch => {
  const parsed = ZBenutzerSearch.parse(typeof raw === 'object' && raw !== null ? raw : {});
  return Object.fromEntries(
    Object.entries(parsed).filter(([, v]) => v !== undefined && v !== ''),
  ) as TBenutzerSearch;
};

/** The list request of a search: sort 'standard' is the server's order (active first, then e-mail). */
export const toBenutzerListParams = (search: TBenutzerSearch): URLSearchParams => {
  const params = new URLSearchParams();
  if (search.q) params.set('q', search.q);
  if (search.status) params.set('status', search.status);
  if (search.rolleId) params.set('rolleId', search.rolleId);
  if (search.gruppeId) params.set('gruppeId', search.gruppeId);
  params.set('sort', search.sort ?? 'standard');
  params.set('dir', search.dir ?? 'asc');
  params.set('limit', String(BENUTZER_PAGE_SIZE));
  params.set('offset', String(((search.page ?? 1) - 1) * BENUTZER_PAGE_SIZE));
  return params;
};

/**
 * The next search after a change: a new filter or sort goes back to page 1; default values are removed.
 */
export const nextBenutzerSearch = (
  current: TBenutzerSearch,
  patch: Partial<Record<keyof TBenutzerSearch, string | number | undefined | null>>,
): TBenutzerSearch => {
  const merged: Record<string, unknown> = { ...current, ...patch };
  if (!('page' in patch)) delete merged.page;
  if (merged.page === 1) delete merged.page;
  if (merged.sort === 'standard') {
    delete merged.sort;
    delete merged.dir;
  }
  if (merged.dir === 'asc') delete merged.dir;
  return parseBenutzerSearch(
    Object.fromEntries(Object.entries(merged).filter(([, v]) => v !== null && v !== undefined && v !== '')),
  );
};

/** Clicking a column header: first ascending, then descending, then back to the standard order. */
export const toggleSort = (
  current: TBenutzerSearch,
  column: Exclude<(typeof BENUTZER_SEARCH_SORT)[number], 'standard'>,
): Pick<TBenutzerSearch, 'sort' | 'dir'> => {
  if (current.sort !== column) return { sort: column, dir: 'asc' };
  if ((current.dir ?? 'asc') === 'asc') return { sort: column, dir: 'desc' };
  return { sort: 'standard', dir: undefined };
};
