import { describe, expect, it } from 'vitest';
import type { PermissionName } from '../permissions.ts';
import { findOption } from './customizing.ts';
import { canEditAdminCustomizing, canEditOwnCustomizing } from './customizing-rechte.ts';

const perms = (...p: PermissionName[]) => new Set<PermissionName>(p);

describe('canEditAdminCustomizing', () => {
  it.each([
    { name: 'LeseraumVorausbuchbareTage', p: perms('customizing_mandant_pflege'), expected: true },
    { name: 'FahrzeugCheckInAktiv', p: perms('customizing_mandant_pflege'), expected: true },
    { name: 'FahrzeugCheckInAktiv', p: perms('fahrzeug_pflege'), expected: true },
    { name: 'LeseraumVorausbuchbareTage', p: perms('fahrzeug_pflege'), expected: false },
    { name: 'Sprache', p: perms('objekt_pflege', 'ausstattungs_pflege'), expected: false },
    { name: 'FahrzeugCheckInAktiv', p: perms(), expected: false },
  ])('$name with $p → $expected', ({ name, p, expected }) => {
    expect(canEditAdminCustomizing({ option: findOption(name), permissions: p })).toBe(expected);
  });
});

describe('canEditOwnCustomizing', () => {
  it('a personal notification toggle is editable by everyone', () => {
    expect(
      canEditOwnCustomizing({ option: findOption('BenachrichtigungStornierung'), permissions: perms() }),
    ).toBe(true);
  });
  it('a tenant rule is never a personal setting', () => {
    expect(
      canEditOwnCustomizing({
        option: findOption('FahrzeugCheckInAktiv'),
        permissions: perms('customizing_mandant_pflege'),
      }),
    ).toBe(false);
  });
  it('the personal vehicle report, its rhythm and recipients need fahrzeug_logbuch_report', () => {
    for (const name of ['FahrzeugReportPersoenlich', 'FahrzeugReportRhythmus', 'FahrzeugReportEmpfaenger']) {
      expect(canEditOwnCustomizing({ option: findOption(name), permissions: perms('fahrzeug_buchen') })).toBe(
        false,
      );
      expect(
        canEditOwnCustomizing({ option: findOption(name), permissions: perms('fahrzeug_logbuch_report') }),
      ).toBe(true);
    }
  });
});
