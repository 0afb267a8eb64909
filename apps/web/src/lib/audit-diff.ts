/**
 * What an audit entry changed, field by field, for the audit log pages: old and new values are whatever
 * the server recorded (objects, lists, null), shown as readable text.
 */
export type AuditChange = { field: string; before: string | null; after: string | null };

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A value as text: strings as they are, everything else as pretty-printed JSON; null/undefined as null. */
export const formatAuditValue = (value: unknown): string | null => {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  if (Array.isArray(value) && value.every((v) => typeof v === 'string' || typeof v === 'number'))
    return value.join(', ');
  return JSON.stringify(value, null, 2);
};

/**
 * The changed fields of two recorded values. Objects are compared key by key (unchanged keys left out,
 * in the order of first appearance); anything else is one change with the field ''.
 */
export const diffAuditValues = (oldValue: unknown, newValue: unknown): AuditChange[] => {
  if (isPlainObject(oldValue) || isPlainObject(newValue)) {
    const before = isPlainObject(oldValue) ? oldValue : {};
    const after = isPlainObject(newValue) ? newValue : {};
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
    return keys
      .filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]))
      .map((key) => ({
        field: key,
        before: formatAuditValue(before[key]),
        after: formatAuditValue(after[key]),
      }));
  }
  if (JSON.stringify(oldValue) === JSON.stringify(newValue)) return [];
  return [{ field: '', before: formatAuditValue(oldValue), after: formatAuditValue(newValue) }];
};
