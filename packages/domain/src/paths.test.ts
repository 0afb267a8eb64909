import { describe, expect, it } from 'vitest';
import { isPathWithin, normalizePath } from './paths.ts';

describe('normalizePath', () => {
  it.each([
    ['/', '/'],
    ['', '/'],
    ['/admin/', '/admin'],
    ['/Admin//Benutzer/../rollen/?x=1', '/admin/rollen'],
    ['/a/./b#frag', '/a/b'],
    ['/../../etc', '/etc'],
    ['/admin/%62enutzer', '/admin/benutzer'],
    ['/bad/%E0%A4%A', '/bad/%e0%a4%a'],
    ['\\admin\\rollen', '/admin/rollen'],
  ])('turns %s into %s', (raw, expected) => {
    expect(normalizePath(raw)).toBe(expected);
  });
});

describe('isPathWithin', () => {
  it.each<[string, string, boolean]>([
    ['/admin', '/admin', true],
    ['/admin/benutzer', '/admin', true],
    ['/administrator', '/admin', false],
    ['/kiosk/1', '/kiosk', true],
    ['/anything', '/', true],
  ])('%s within %s is %s', (path, base, expected) => {
    expect(isPathWithin(path, base)).toBe(expected);
  });
});
