import type { TBenutzerImportPreview } from '@stellwerk/domain/identitaet/admin-benutzer.api';
import { describe, expect, it } from 'vitest';
import { canConfirmImport, cellError, importReducer, initialImportState } from './import-state';

const file = new File(['vorname;nachname;email;employeeId;rollen;gruppen\n'], 'a.csv', { type: 'text/csv' });
const row = (line: number, errors: TBenutzerImportPreview['rows'][number]['errors'] = []) => ({
  row: line,
  data: {
    vorname: 'A',
    nachname: 'B',
    email: `a${line}@x.example`,
    employeeId: null,
    rollen: [],
    gruppen: [],
  },
  errors,
});
const good: TBenutzerImportPreview = { rows: [row(2), row(3)], summary: { total: 2, valid: 2, invalid: 0 } };
const bad: TBenutzerImportPreview = {
  rows: [row(2), row(3, [{ field: 'email', code: 'benutzer.email_ungueltig', message: 'ungültig' }])],
  summary: { total: 2, valid: 1, invalid: 1 },
};

describe('the CSV import dialog', () => {
  it('checks a chosen file and allows confirming a preview without errors', () => {
    const checking = importReducer(initialImportState, { type: 'choose', file });
    expect(checking.step).toBe('checking');
    const preview = importReducer(checking, { type: 'checked', preview: good });
    expect(preview.step).toBe('preview');
    expect(canConfirmImport(preview)).toBe(true);
    const importing = importReducer(preview, { type: 'confirm' });
    expect(importing.step).toBe('importing');
    expect(importReducer(importing, { type: 'imported', created: 2 })).toEqual({ step: 'done', created: 2 });
  });

  it('does not confirm a preview with row errors or without rows', () => {
    const withErrors = importReducer(importReducer(initialImportState, { type: 'choose', file }), {
      type: 'checked',
      preview: bad,
    });
    expect(canConfirmImport(withErrors)).toBe(false);
    expect(importReducer(withErrors, { type: 'confirm' })).toBe(withErrors);
    const empty = importReducer(importReducer(initialImportState, { type: 'choose', file }), {
      type: 'checked',
      preview: { rows: [], summary: { total: 0, valid: 0, invalid: 0 } },
    });
    expect(canConfirmImport(empty)).toBe(false);
  });

  it('goes back to choosing a file when the check fails, keeping the error', () => {
    const failed = importReducer(importReducer(initialImportState, { type: 'choose', file }), {
      type: 'failed',
      error: new Error('kaputt'),
    });
    expect(failed).toEqual({ step: 'choose', error: new Error('kaputt') });
  });

  it('shows the rows of a refused import and forbids confirming again', () => {
    const preview = importReducer(importReducer(initialImportState, { type: 'choose', file }), {
      type: 'checked',
      preview: good,
    });
    const importing = importReducer(preview, { type: 'confirm' });
    const refused = importReducer(importing, { type: 'failed', error: new Error('x'), preview: bad });
    expect(refused.step).toBe('preview');
    expect(canConfirmImport(refused)).toBe(false);
  });

  it('finds the error of a cell', () => {
    expect(cellError(bad.rows[1]!, 'email')).toBe('ungültig');
    expect(cellError(bad.rows[1]!, 'vorname')).toBeNull();
  });
});
