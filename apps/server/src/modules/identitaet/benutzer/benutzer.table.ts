import { boolean, foreignKey, index, pgTable, primaryKey, text, unique, uuid } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, updatedAtColumn } from '../../../db/columns.ts';
import { user } from '../auth/auth.table.ts';
import { mandantIdColumn } from '../../verwaltung/mandant/mandant.table.ts';

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

export const gruppe = pgTable(
  'gruppe',
  {
    id: idColumn(),
    mandantId: mandantIdColumn(),
    name: text('name').notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [
    unique('gruppe_mandant_id_id_key').on(t.mandantId, t.id),
    unique('gruppe_mandant_name_key').on(t.mandantId, t.name),
  ],
);

export const rolle = pgTable(
  'rolle',
  {
    id: idColumn(),
    mandantId: mandantIdColumn(),
    name: text('name').notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [
    unique('rolle_mandant_id_id_key').on(t.mandantId, t.id),
    unique('rolle_mandant_name_key').on(t.mandantId, t.name),
  ],
);

/** Global permission catalogue (spec §6 names). A grant counts when its `wert` is 'true'. */
export const permission = pgTable('permission', {
  name: text('name').primaryKey(),
  description: text('description').notNull(),
  default: text('default'),
  typ: text('typ').notNull().default('boolean'),
  wert: text('wert').notNull().default('true'),
});

export const rollePermission = pgTable(
  'rolle_permission',
  {
    mandantId: mandantIdColumn(),
    rolleId: uuid('rolle_id').notNull(),
    permissionName: text('permission_name')
      .notNull()
      .references(() => permission.name),
    wert: text('wert').notNull().default('true'),
  },
  (t) => [
    primaryKey({ name: 'rolle_permission_pk', columns: [t.mandantId, t.rolleId, t.permissionName] }),
    foreignKey({
      name: 'rolle_permission_rolle_fk',
      columns: [t.mandantId, t.rolleId],
      foreignColumns: [rolle.mandantId, rolle.id],
    }).onDelete('cascade'),
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

export const gruppeRolle = pgTable(
  'gruppe_rolle',
  {
    mandantId: mandantIdColumn(),
    gruppeId: uuid('gruppe_id').notNull(),
    rolleId: uuid('rolle_id').notNull(),
  },
  (t) => [
    primaryKey({ name: 'gruppe_rolle_pk', columns: [t.mandantId, t.gruppeId, t.rolleId] }),
    index('gruppe_rolle_rolle_idx').on(t.mandantId, t.rolleId),
    foreignKey({
      name: 'gruppe_rolle_gruppe_fk',
      columns: [t.mandantId, t.gruppeId],
      foreignColumns: [gruppe.mandantId, gruppe.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'gruppe_rolle_rolle_fk',
      columns: [t.mandantId, t.rolleId],
      foreignColumns: [rolle.mandantId, rolle.id],
    }).onDelete('cascade'),
  ],
);
