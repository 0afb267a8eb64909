import { BENUTZER_SORT, ZBenutzerListQuery } from '@stellwerk/domain/identitaet/admin-benutzer.api';
import { describe, expect, it } from 'vitest';
import {
  BENUTZER_PAGE_SIZE,
  BENUTZER_SEARCH_SORT,
  nextBenutzerSearch,
  parseBenutzerSearch,
  toBenutzerListParams,
  toggleSort,
} from './benutzer-search';

const ROLE = '0b6f8a4e-1c2d-4e5f-8a9b-0c1d2e3f4a5b';

describe('search params of /admin/benutzer', () => {
  it('knows the sort columns of the API contract', () => {
    expect([...BENUTZER_SEARCH_SORT]).toEqual([...BENUTZER_SORT]);
  });

  it('keeps valid values and drops unreadable ones instead of failing', () => {
    expect(
      parseBenutzerSearch({ q: ' anna ', status: 'aktiv', rolleId: ROLE, gruppeId: 'kein-uuid', page: '3' }),
    ).toEqual({ q: 'anna', status: 'aktiv', rolleId: ROLE, page: 3 });
    expect(parseBenutzerSearch({ status: 'gelöscht', sort: 'passwort', page: '-1', dir: 'up' })).toEqual({});
    expect(parseBenutzerSearch(undefined)).toEqual({});
    expect(parseBenutzerSearch({ q: '' })).toEqual({});
  });

  it('turns a search into a list request the server accepts', () => {
    const params = toBenutzerListParams({
      q: 'anna',
      status: 'inaktiv',
      sort: 'email',
      dir: 'desc',
      page: 2,
    });
    const query = ZBenutzerListQuery.parse(Object.fromEntries(params));
    expect(query).toMatchObject({
      q: 'anna',
      status: 'inaktiv',
      sort: 'email',
      dir: 'desc',
      limit: BENUTZER_PAGE_SIZE,
      offset: BENUTZER_PAGE_SIZE,
    });
    expect(ZBenutzerListQuery.parse(Object.fromEntries(toBenutzerListParams({})))).toMatchObject({
      sort: 'standard',
      offset: 0,
    });
  });

  it('goes back to the first page when a filter changes and leaves defaults out of the URL', () => {
    expect(nextBenutzerSearch({ q: 'a', page: 4 }, { status: 'aktiv' })).toEqual({ q: 'a', status: 'aktiv' });
    expect(nextBenutzerSearch({ q: 'a', page: 4 }, { page: 5 })).toEqual({ q: 'a', page: 5 });
    expect(nextBenutzerSearch({ q: 'a', page: 4 }, { page: 1 })).toEqual({ q: 'a' });
    expect(nextBenutzerSearch({ status: 'aktiv' }, { status: null })).toEqual({});
    expect(nextBenutzerSearch({ sort: 'email', dir: 'desc' }, { sort: 'standard' })).toEqual({});
  });

  it('cycles a column sort: ascending, descending, standard order', () => {
    expect(toggleSort({}, 'email')).toEqual({ sort: 'email', dir: 'asc' });
    expect(toggleSort({ sort: 'email' }, 'email')).toEqual({ sort: 'email', dir: 'desc' });
    expect(toggleSort({ sort: 'email', dir: 'desc' }, 'email')).toEqual({ sort: 'standard', dir: undefined });
    expect(toggleSort({ sort: 'email', dir: 'desc' }, 'nachname')).toEqual({ sort: 'nachname', dir: 'asc' });
  });
});
