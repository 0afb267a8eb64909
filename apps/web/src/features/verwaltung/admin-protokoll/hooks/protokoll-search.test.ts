import { ZProtokollQuery } from '@stellwerk/domain/verwaltung/admin-stammdaten.api';
import { describe, expect, it } from 'vitest';
import {
  nextProtokollSearch,
  PROTOKOLL_PAGE_SIZE,
  parseProtokollSearch,
  toProtokollParams,
} from './protokoll-search';

const USER = '0b6f8a4e-1c2d-4e5f-8a9b-0c1d2e3f4a5b';

describe('search params of /admin/protokoll', () => {
  it('keeps valid filters and drops unreadable ones', () => {
    expect(
      parseProtokollSearch({
        entity: 'benutzer',
        benutzerId: 'x',
        from: '2026-11-01',
        to: '1.11.2026',
        page: '2',
      }),
    ).toEqual({ entity: 'benutzer', from: '2026-11-01', page: 2 });
  });

  it('reads a reversed date range the right way round', () => {
    expect(parseProtokollSearch({ from: '2026-11-20', to: '2026-11-01' })).toEqual({
      from: '2026-11-01',
      to: '2026-11-20',
    });
  });

  it('goes back to page 1 when a filter changes', () => {
    expect(nextProtokollSearch({ page: 3, action: 'update' }, { benutzerId: USER })).toEqual({
      action: 'update',
      benutzerId: USER,
    });
    expect(nextProtokollSearch({ page: 3, action: 'update' }, { action: null })).toEqual({});
    expect(nextProtokollSearch({ action: 'update' }, { page: 2 })).toEqual({ action: 'update', page: 2 });
  });

  it('turns the search into a query the server accepts', () => {
    const query = ZProtokollQuery.parse(
      Object.fromEntries(toProtokollParams({ entity: 'rolle', benutzerId: USER, to: '2026-11-21', page: 3 })),
    );
    expect(query).toEqual({
      entity: 'rolle',
      benutzerId: USER,
      to: '2026-11-21',
      limit: PROTOKOLL_PAGE_SIZE,
      offset: 2 * PROTOKOLL_PAGE_SIZE,
    });
  });
});
