import { describe, expect, it } from 'vitest';
import { ZFahrzeugBuchungQuery, ZFahrzeugListeQuery } from './api.ts';

describe('vehicle booking API contract', () => {
  it.each([
    [{}, true],
    [{ von: '2026-11-24T09:00:00+01:00', bis: '2026-11-24T12:00:00+01:00', nurFrei: 'true' }, true],
    [{ von: '2026-11-24T09:00:00+01:00' }, false],
    [{ nurFrei: 'true' }, false],
    [{ nurFrei: 'ja' }, false],
    [{ von: '24.11.2026 09:00', bis: '2026-11-24T12:00:00+01:00' }, false],
    [{ standortId: 'nicht-uuid' }, false],
  ])('vehicle list query %j accepted: %s', (query, ok) => {
    expect(ZFahrzeugListeQuery.safeParse(query).success).toBe(ok);
  });

  it('reads nurFrei and eigene from the query string as booleans, eigene true by default', () => {
    expect(ZFahrzeugListeQuery.parse({}).nurFrei).toBe(false);
    expect(ZFahrzeugBuchungQuery.parse({}).eigene).toBe(true);
    expect(ZFahrzeugBuchungQuery.parse({ eigene: 'false' }).eigene).toBe(false);
    expect(
      ZFahrzeugBuchungQuery.safeParse({ von: '2026-11-24T12:00:00+01:00', bis: '2026-11-24T09:00:00+01:00' })
        .success,
    ).toBe(false);
  });
});
