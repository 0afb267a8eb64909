/** SQLSTATE codes the error handler maps to catalogue errors. */
export const SQLSTATE = {
  exclusionViolation: '23P01',
  uniqueViolation: '23505',
  foreignKeyViolation: '23503',
  checkViolation: '23514',
  notNullViolation: '23502',
  invalidTextRepresentation: '22P02',
  insufficientPrivilege: '42501',
} as const;

const SQLSTATE_PATTERN = /^[0-9A-Z]{5}$/;

/** Walks `err`, `err.cause`, ... (drizzle wraps the driver error in `cause`) to the first driver error. */
const findDriverError = (err: unknown): Record<string, unknown> | undefined => {
  let current: unknown = err;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth++) {
    const record = current as Record<string, unknown>;
    if (typeof record.code === 'string' && SQLSTATE_PATTERN.test(record.code)) return record;
    current = record.cause;
  }
  return undefined;
};

/** The PostgreSQL SQLSTATE of a database error from either driver, or undefined for any other error. */
export const sqlStateOf = (err: unknown): string | undefined =>
  findDriverError(err)?.code as string | undefined;

/** The violated constraint's name (e.g. `fahrzeug_buchung_keine_ueberschneidung`), when the driver reports it. */
export const constraintOf = (err: unknown): string | undefined => {
  const constraint = findDriverError(err)?.constraint;
  return typeof constraint === 'string' ? constraint : undefined;
};
