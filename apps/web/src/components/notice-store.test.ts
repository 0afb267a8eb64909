import { describe, expect, it } from 'vitest';
import { clearNotices, dismissNotice, getNotices, pushNotice } from './notice-store';

describe('notice store', () => {
  it('keeps notices until they are dismissed or cleared by a path change', () => {
    const first = pushNotice('Buchung fehlgeschlagen');
    pushNotice('Noch ein Fehler', 'yellow');
    expect(getNotices().map((n) => n.message)).toEqual(['Buchung fehlgeschlagen', 'Noch ein Fehler']);
    dismissNotice(first);
    expect(getNotices()).toHaveLength(1);
    clearNotices();
    expect(getNotices()).toEqual([]);
  });
});
