/**
 * Who may write which setting (spec §6, decision 009). Pure rules, used by the server to refuse and by the
 * web to show a control read-only.
 *
 * - Tenant and group level (/admin/einstellungen): customizing_mandant_pflege writes every option;
 *   fahrzeug_pflege writes the options of the FahrzeugBuchung feature. Holders of objekt_pflege and
 *   ausstattungs_pflege open the page (spec §2) but only read it.
 * - User level (personal settings): only options marked `userEditable`; the vehicle report settings
 *   (rhythm and recipients) additionally need fahrzeug_logbuch_report (spec §2 "vehicle report settings").
 */

import type { PermissionName } from '../permissions.ts';
import type { CustomizingOption } from './customizing-option.ts';

/** Personal options that need a permission on top of being user-editable. */
export const OWN_SETTING_PERMISSIONS: Readonly<Record<string, PermissionName>> = {
  FahrzeugReportPersoenlich: 'fahrzeug_logbuch_report',
  FahrzeugReportRhythmus: 'fahrzeug_logbuch_report',
  FahrzeugReportEmpfaenger: 'fahrzeug_logbuch_report',
};

type Input = { option: CustomizingOption; permissions: ReadonlySet<PermissionName> };

/** Whether an administrator may write `option` at tenant or group level. */
export const canEditAdminCustomizing = ({ option, permissions }: Input): boolean =>
  permissions.has('customizing_mandant_pflege') ||
  (option.feature === 'FahrzeugBuchung' && permissions.has('fahrzeug_pflege'));

/** Whether a user may see and write `option` as a personal setting. */
export const canEditOwnCustomizing = ({ option, permissions }: Input): boolean => {
  if (!option.userEditable) return false;
  const needed = OWN_SETTING_PERMISSIONS[option.name];
  return needed === undefined || permissions.has(needed);
};
