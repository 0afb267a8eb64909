import { describe, expect, it } from 'vitest';
import { diffAuditValues, formatAuditValue } from './audit-diff';

describe('audit diff', () => {
  it('lists only the changed fields of an update', () => {
    expect(
      diffAuditValues(
        { name: 'Alt', domains: ['a.example'], aktiv: true },
        { name: 'Neu', domains: ['a.example', 'b.example'], aktiv: true },
      ),
    ).toEqual([
      { field: 'name', before: 'Alt', after: 'Neu' },
      { field: 'domains', before: 'a.example', after: 'a.example, b.example' },
    ]);
  });

  it('shows a creation as new values and a deletion as old values', () => {
    expect(diffAuditValues(null, { name: 'X' })).toEqual([{ field: 'name', before: null, after: 'X' }]);
    expect(diffAuditValues({ name: 'X' }, null)).toEqual([{ field: 'name', before: 'X', after: null }]);
  });

  it('pretty-prints nested values and compares scalars as a whole', () => {
    expect(formatAuditValue({ a: 1 })).toBe('{\n  "a": 1\n}');
    expect(diffAuditValues(1, 2)).toEqual([{ field: '', before: '1', after: '2' }]);
    expect(diffAuditValues('x', 'x')).toEqual([]);
    expect(formatAuditValue(undefined)).toBeNull();
  });
});
