import { describe, expect, it } from 'vitest';
import { findOption } from './customizing.ts';
import { canEditAdminSetting, canEditOwnSetting } from './einstellungen-rechte.ts';
import type { PermissionName } from '../permissions.ts';

const perms = (...p: PermissionName[]) => new Set<PermissionName>(p);

describe('canEditAdminSetting', () => {
  it.each([
    { name: 'LeseraumVorausbuchbareTage', p: perms('customizing_mandant_pflege'), expected: true },
    { name: 'FahrzeugCheckInAktiv', p: perms('customizing_mandant_pflege'), expected: true },
    { name: 'FahrzeugCheckInAktiv', p: perms('fahrzeug_pflege'), expected: true },
    { name: 'LeseraumVorausbuchbareTage', p: perms('fahrzeug_pflege'), expected: false },
    { name: 'Sprache', p: perms('objekt_pflege', 'ausstattungs_pflege'), expected: false },
    { name: 'FahrzeugCheckInAktiv', p: perms(), expected: false },
  ])('$name with $p → $expected', ({ name, p, expected }) => {
    expect(canEditAdminSetting({ option: findOption(name), permissions: p })).toBe(expected);
  });
});

describe('canEditOwnSetting', () => {
  it('a personal notification toggle is editable by everyone', () => {
    expect(
      canEditOwnSetting({ option: findOption('BenachrichtigungStornierung'), permissions: perms() }),
    ).toBe(true);
  });
  it('a tenant rule is never a personal setting', () => {
    expect(
      canEditOwnSetting({
        option: findOption('FahrzeugCheckInAktiv'),
        permissions: perms('customizing_mandant_pflege'),
      }),
    ).toBe(false);
  });
  it('the personal vehicle report, its rhythm and recipients need fahrzeug_logbuch_report', () => {
    for (const name of ['FahrzeugReportPersoenlich', 'FahrzeugReportRhythmus', 'FahrzeugReportEmpfaenger']) {
      expect(canEditOwnSetting({ option: findOption(name), permissions: perms('fahrzeug_buchen') })).toBe(
        false,
      );
      expect(
        canEditOwnSetting({ option: findOption(name), permissions: perms('fahrzeug_logbuch_report') }),
      ).toBe(true);
    }
  });
});
