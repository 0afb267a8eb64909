import { sql } from 'drizzle-orm';
import { boolean, foreignKey, index, pgTable, primaryKey, text, unique, uuid } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, updatedAtColumn } from '../../../db/columns.ts';
import { mandantIdColumn } from '../../verwaltung/mandant/mandant.public.ts';
import { user } from '../auth/auth.public.ts';
import { gruppe } from '../gruppe/gruppe.public.ts';
import { permission, rolle } from '../rolle/rolle.public.ts';

/**
 * A person of a tenant. `id` equals better-auth's `user.id` (the uuid as text) and `auth_user_id` links it
 * explicitly. `plattform_admin` marks the platform administrators (tenant management).
 */
export const benutzer = pgTable(
  'benutzer',
  {
    id: idColumn(),
    mandantId: mandantIdColumn(),
    employeeId: text('employee_id'),
    vorname: text('vorname').notNull(),
    nachname: text('nachname').notNull(),
    email: text('email').notNull(),
    username: text('username').unique(),
    status: text('status').notNull().default('aktiv'),
    isSso: boolean('is_sso').notNull().default(false),
    plattformAdmin: boolean('plattform_admin').notNull().default(false),
    /**
     * The person is a fire-safety or first-aid helper (spec §2, §6; set by administrators, decision 138): the
     * floor plan marks the places they hold or use that day and their own place.
     */
    brandschutzhelfer: boolean('brandschutzhelfer').notNull().default(false),
    ersthelfer: boolean('ersthelfer').notNull().default(false),
    authUserId: text('auth_user_id')
      .unique()
      .references(() => user.id, { onDelete: 'set null' }),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    unique('benutzer_mandant_id_id_key').on(t.mandantId, t.id),
    unique('benutzer_mandant_email_key').on(t.mandantId, t.email),
    index('benutzer_mandant_status_idx').on(t.mandantId, t.status),
  ],
);

export const benutzerPermission = pgTable(
  'benutzer_permission',
  {
    mandantId: mandantIdColumn(),
    benutzerId: uuid('benutzer_id').notNull(),
    permissionName: text('permission_name')
      .notNull()
      .references(() => permission.name),
    wert: text('wert').notNull().default('true'),
  },
  (t) => [
    primaryKey({ name: 'benutzer_permission_pk', columns: [t.mandantId, t.benutzerId, t.permissionName] }),
    foreignKey({
      name: 'benutzer_permission_benutzer_fk',
      columns: [t.mandantId, t.benutzerId],
      foreignColumns: [benutzer.mandantId, benutzer.id],
    }).onDelete('cascade'),
  ],
);

export const benutzerRolle = pgTable(
  'benutzer_rolle',
  {
    mandantId: mandantIdColumn(),
    benutzerId: uuid('benutzer_id').notNull(),
    rolleId: uuid('rolle_id').notNull(),
    /**
     * The locations the assignment is limited to (decision 258); empty is the whole tenant. No foreign key (an
     * array cannot carry one): a deleted location grants nothing, and the assignment stays limited.
     */
    standortIds: uuid('standort_ids').array().notNull().default(sql`'{}'::uuid[]`),
  },
  (t) => [
    primaryKey({ name: 'benutzer_rolle_pk', columns: [t.mandantId, t.benutzerId, t.rolleId] }),
    index('benutzer_rolle_rolle_idx').on(t.mandantId, t.rolleId),
    foreignKey({
      name: 'benutzer_rolle_benutzer_fk',
      columns: [t.mandantId, t.benutzerId],
      foreignColumns: [benutzer.mandantId, benutzer.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'benutzer_rolle_rolle_fk',
      columns: [t.mandantId, t.rolleId],
      foreignColumns: [rolle.mandantId, rolle.id],
    }).onDelete('cascade'),
  ],
);

export const benutzerGruppe = pgTable(
  'benutzer_gruppe',
  {
    mandantId: mandantIdColumn(),
    benutzerId: uuid('benutzer_id').notNull(),
    gruppeId: uuid('gruppe_id').notNull(),
  },
  (t) => [
    primaryKey({ name: 'benutzer_gruppe_pk', columns: [t.mandantId, t.benutzerId, t.gruppeId] }),
    index('benutzer_gruppe_gruppe_idx').on(t.mandantId, t.gruppeId),
    foreignKey({
      name: 'benutzer_gruppe_benutzer_fk',
      columns: [t.mandantId, t.benutzerId],
      foreignColumns: [benutzer.mandantId, benutzer.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'benutzer_gruppe_gruppe_fk',
      columns: [t.mandantId, t.gruppeId],
      foreignColumns: [gruppe.mandantId, gruppe.id],
    }).onDelete('cascade'),
  ],
);

/** The status of the row an erased person leaves when kept records still point at the id (decision 235). */
export const GELOESCHT = 'geloescht';
