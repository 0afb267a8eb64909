import { randomUUID } from 'node:crypto';
import { formatError, toDomainError } from '@stellwerk/domain/errors';
import type { TBenutzerImportPreview, TImportRow } from '@stellwerk/domain/identitaet/admin-benutzer.api';
import {
  type ImportRow,
  isValidEmail,
  normalizeEmail,
  readBenutzerCsv,
  validateBenutzerImport,
} from '@stellwerk/domain/identitaet/benutzer-import';
import type { Language } from '@stellwerk/domain/language';
import type { Tx } from '../../../db/client.ts';
import { writeAudit } from '../../plattform/audit/audit.service.ts';
import { createLogins, findTakenLoginEmails } from '../auth/auth.accounts.ts';
import type { SessionUser } from '../auth/auth.context.ts';
import { assertDarf } from '../auth/auth.guards.ts';
import {
  findAllGruppen,
  findAllRollen,
  findMandantDomains,
  findMandantName,
  findTakenTenantEmails,
  insertBenutzer,
  insertLinks,
} from './benutzer.repository.ts';
import { type BenutzerDeps, queueInvitation } from './benutzer.service.ts';

/** The checked rows plus what the writing step needs: role and group ids by name. */
type Checked = TBenutzerImportPreview & {
  valid: ImportRow[];
  rolleIdOf: Map<string, string>;
  gruppeIdOf: Map<string, string>;
};

const withMessages = (row: ImportRow, language: Language): TImportRow => ({
  row: row.row,
  data: row.data,
  errors: row.errors.map((e) => ({
    field: e.field,
    code: e.code,
    message: formatError(e.code, language, e.params),
  })),
});

/**
 * Reads and checks the file inside the caller's transaction: e-mail addresses taken in the tenant or by
 * any login, roles and groups of the tenant by name. A file that cannot be read at all throws its
 * catalogue error (400); row problems are returned per row.
 */
const checkImport = async (tx: Tx, csv: string, language: Language): Promise<Checked> => {
  const read = readBenutzerCsv(csv);
  if (!read.ok) throw toDomainError(read.violation);
  const emails = [
    ...new Set(read.value.rows.map((r) => normalizeEmail(r.values.email ?? '')).filter(isValidEmail)),
  ];
  const taken = new Set([
    ...(await findTakenTenantEmails(tx, emails)),
    ...(await findTakenLoginEmails(tx, emails)),
  ]);
  const rollen = await findAllRollen(tx);
  const gruppen = await findAllGruppen(tx);
  const domains = await findMandantDomains(tx);
  const { rows, summary } = validateBenutzerImport({
    domains,
    rows: read.value.rows,
    takenEmails: taken,
    rollen: rollen.map((r) => r.name),
    gruppen: gruppen.map((g) => g.name),
  });
  return {
    rows: rows.map((r) => withMessages(r, language)),
    summary,
    valid: rows.filter((r) => r.errors.length === 0),
    rolleIdOf: new Map(rollen.map((r) => [r.name, r.id])),
    gruppeIdOf: new Map(gruppen.map((g) => [g.name, g.id])),
  };
};

/** The import preview: every row with its errors in the user's language; nothing is written. */
export const previewBenutzerImport = async (
  { database }: BenutzerDeps,
  user: SessionUser,
  csv: string,
): Promise<TBenutzerImportPreview> => {
  assertDarf(user, 'benutzer.pflegen');
  return database.withTenant(user.mandantId, async (tx) => {
    const { rows, summary } = await checkImport(tx, csv, user.language);
    return { rows, summary };
  });
};

export type ImportOutcome = { ok: true; created: number } | { ok: false; preview: TBenutzerImportPreview };

/**
 * The import: checks the file again inside the writing transaction; if any row has an error nothing is
 * written and the rows come back. Otherwise every user is created with login, roles, groups, an audit
 * entry and an invitation mail, all in one transaction.
 */
export const runBenutzerImport = async (
  deps: BenutzerDeps,
  user: SessionUser,
  csv: string,
): Promise<ImportOutcome> => {
  assertDarf(user, 'benutzer.pflegen');
  const now = deps.now();
  return deps.database.withTenant(user.mandantId, async (tx) => {
    const checked = await checkImport(tx, csv, user.language);
    if (checked.summary.invalid > 0)
      return { ok: false, preview: { rows: checked.rows, summary: checked.summary } };

    const people = checked.valid.map((r) => ({ id: randomUUID(), ...r.data }));
    const tokens = await createLogins(
      tx,
      people.map((p) => ({ id: p.id, name: `${p.vorname} ${p.nachname}`, email: p.email, username: null })),
      now,
    );
    await insertBenutzer(
      tx,
      people.map((p) => ({
        id: p.id,
        mandantId: user.mandantId,
        vorname: p.vorname,
        nachname: p.nachname,
        email: p.email,
        employeeId: p.employeeId,
        username: null,
        status: 'aktiv',
        authUserId: p.id,
      })),
    );
    await insertLinks(
      tx,
      people.flatMap((p) =>
        p.rollen.map((name) => ({
          mandantId: user.mandantId,
          benutzerId: p.id,
          rolleId: checked.rolleIdOf.get(name)!,
        })),
      ),
      people.flatMap((p) =>
        p.gruppen.map((name) => ({
          mandantId: user.mandantId,
          benutzerId: p.id,
          gruppeId: checked.gruppeIdOf.get(name)!,
        })),
      ),
    );
    const mandant = await findMandantName(tx, user.mandantId);
    for (const p of people) {
      await writeAudit(tx, {
        mandantId: user.mandantId,
        benutzerId: user.benutzerId,
        action: 'import',
        entity: 'benutzer',
        entityId: p.id,
        newValue: {
          vorname: p.vorname,
          nachname: p.nachname,
          email: p.email,
          employeeId: p.employeeId,
          username: null,
          status: 'aktiv',
          rollen: p.rollen,
          gruppen: p.gruppen,
          permissions: [],
        },
      });
      await queueInvitation(tx, deps, {
        mandantId: user.mandantId,
        benutzerId: p.id,
        email: p.email,
        name: `${p.vorname} ${p.nachname}`,
        mandant,
        token: tokens.get(p.id)!,
      });
    }
    return { ok: true, created: people.length };
  });
};
