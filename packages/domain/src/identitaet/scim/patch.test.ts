import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyScimGroupPatch,
  applyScimUserPatch,
  type ScimGroupState,
  type ScimUserState,
  scimBoolean,
  scimEmailOf,
} from './patch.ts';

const anna: ScimUserState = {
  userName: 'anna@example.org',
  externalId: 'ext-1',
  givenName: 'Anna',
  familyName: 'Schulz',
  email: 'anna@example.org',
  active: true,
};

describe('applyScimUserPatch', () => {
  it('Entra ID: capitalised Replace with path, active as the string "False"', () => {
    expect(applyScimUserPatch(anna, [{ op: 'Replace', path: 'active', value: 'False' }])).toEqual({
      ok: true,
      state: { ...anna, active: false },
    });
  });
  it('Entra ID: several attributes by path, including the work address filter', () => {
    const result = applyScimUserPatch(anna, [
      { op: 'Replace', path: 'name.givenName', value: 'Annabell' },
      { op: 'Replace', path: 'emails[type eq "work"].value', value: 'annabell@example.org' },
      { op: 'Add', path: 'externalId', value: 'ext-2' },
      { op: 'Replace', path: 'displayName', value: 'Annabell Schulz' },
    ]);
    expect(result).toEqual({
      ok: true,
      state: { ...anna, givenName: 'Annabell', email: 'annabell@example.org', externalId: 'ext-2' },
    });
  });
  it('Okta: replace without path, value an object', () => {
    expect(applyScimUserPatch(anna, [{ op: 'replace', value: { active: false } }])).toEqual({
      ok: true,
      state: { ...anna, active: false },
    });
    expect(
      applyScimUserPatch(anna, [
        { op: 'replace', value: { name: { givenName: 'A', familyName: 'S' }, userName: 'a@example.org' } },
      ]),
    ).toEqual({ ok: true, state: { ...anna, givenName: 'A', familyName: 'S', userName: 'a@example.org' } });
  });
  it('remove externalId; refuses unknown ops, a missing userName and a non-boolean active', () => {
    expect(applyScimUserPatch(anna, [{ op: 'remove', path: 'externalId' }])).toEqual({
      ok: true,
      state: { ...anna, externalId: null },
    });
    expect(applyScimUserPatch(anna, [{ op: 'move', path: 'active', value: true }]).ok).toBe(false);
    expect(applyScimUserPatch(anna, [{ op: 'remove', path: 'userName' }]).ok).toBe(false);
    expect(applyScimUserPatch(anna, [{ op: 'replace', path: 'active', value: 'ja' }]).ok).toBe(false);
    expect(applyScimUserPatch(anna, [{ op: 'replace', value: 'x' }]).ok).toBe(false);
  });
  it('an empty PATCH changes nothing', () => {
    fc.assert(
      fc.property(fc.boolean(), fc.string(), (active, givenName) => {
        const state = { ...anna, active, givenName };
        expect(applyScimUserPatch(state, [])).toEqual({ ok: true, state });
      }),
    );
  });
});

const group: ScimGroupState = { displayName: 'Fahrer', externalId: null, members: ['u1', 'u2'] };

describe('applyScimGroupPatch', () => {
  it('Entra ID: Add members, Remove members with a value list, Replace displayName', () => {
    expect(
      applyScimGroupPatch(group, [
        { op: 'Add', path: 'members', value: [{ value: 'u3' }, { value: 'u1' }] },
        { op: 'Remove', path: 'members', value: [{ value: 'u2' }] },
        { op: 'Replace', path: 'displayName', value: 'Fahrer Nord' },
      ]),
    ).toEqual({ ok: true, state: { displayName: 'Fahrer Nord', externalId: null, members: ['u1', 'u3'] } });
  });
  it('Okta: remove with a member filter, replace without path', () => {
    expect(applyScimGroupPatch(group, [{ op: 'remove', path: 'members[value eq "u1"]' }])).toEqual({
      ok: true,
      state: { ...group, members: ['u2'] },
    });
    expect(
      applyScimGroupPatch(group, [{ op: 'replace', value: { id: 'g1', displayName: 'Werkstatt' } }]),
    ).toEqual({ ok: true, state: { ...group, displayName: 'Werkstatt' } });
  });
  it('replace members, remove all members', () => {
    expect(
      applyScimGroupPatch(group, [{ op: 'replace', path: 'members', value: [{ value: 'u9' }] }]),
    ).toEqual({
      ok: true,
      state: { ...group, members: ['u9'] },
    });
    expect(applyScimGroupPatch(group, [{ op: 'remove', path: 'members' }])).toEqual({
      ok: true,
      state: { ...group, members: [] },
    });
  });
  it('refuses an empty name and unknown paths', () => {
    expect(applyScimGroupPatch(group, [{ op: 'replace', path: 'displayName', value: ' ' }]).ok).toBe(false);
    expect(applyScimGroupPatch(group, [{ op: 'add', path: 'owners', value: [] }]).ok).toBe(false);
  });
  it('adding members twice keeps each once (invariant)', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ minLength: 1 })), (ids) => {
        const value = ids.map((id) => ({ value: id }));
        const once = applyScimGroupPatch({ ...group, members: [] }, [{ op: 'add', path: 'members', value }]);
        const twice = applyScimGroupPatch({ ...group, members: [] }, [
          { op: 'add', path: 'members', value },
          { op: 'add', path: 'members', value },
        ]);
        expect(twice).toEqual(once);
        if (once.ok) expect(new Set(once.state.members).size).toBe(once.state.members.length);
      }),
    );
  });
});

describe('helpers', () => {
  it('scimBoolean and scimEmailOf', () => {
    expect(scimBoolean('True')).toBe(true);
    expect(scimBoolean(false)).toBe(false);
    expect(scimBoolean('1')).toBeUndefined();
    expect(
      scimEmailOf([
        { value: 'privat@example.org', type: 'home' },
        { value: 'dienst@example.org', type: 'work' },
      ]),
    ).toBe('dienst@example.org');
    expect(scimEmailOf([{ value: 'p@example.org', primary: true, type: 'home' }])).toBe('p@example.org');
  });
});
