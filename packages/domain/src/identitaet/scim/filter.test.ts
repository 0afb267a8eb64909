import { describe, expect, it } from 'vitest';
import { parseScimFilter, scimValueMatches } from './filter.ts';

describe('parseScimFilter', () => {
  it.each([
    ['userName eq "anna.schulz@example.org"', [{ attribute: 'userName', value: 'anna.schulz@example.org' }]],
    [
      'externalId eq "0a8e7d3c-1111-4f3c-9d2e-aa00bb11cc22"',
      [{ attribute: 'externalId', value: '0a8e7d3c-1111-4f3c-9d2e-aa00bb11cc22' }],
    ],
    ['displayName eq "Fahrer Nord"', [{ attribute: 'displayName', value: 'Fahrer Nord' }]],
    ['USERNAME EQ "x@y.de"', [{ attribute: 'userName', value: 'x@y.de' }]],
    ['emails[type eq "work"].value eq "a@b.de"', [{ attribute: 'emails.value', value: 'a@b.de' }]],
    ['urn:ietf:params:scim:schemas:core:2.0:User:userName eq "a"', [{ attribute: 'userName', value: 'a' }]],
    [
      'displayName eq "A and B" and externalId eq "7"',
      [
        { attribute: 'displayName', value: 'A and B' },
        { attribute: 'externalId', value: '7' },
      ],
    ],
    ['displayName eq "say \\"hi\\""', [{ attribute: 'displayName', value: 'say "hi"' }]],
    ['active eq true', [{ attribute: 'active', value: 'true' }]],
  ])('%s', (filter, comparisons) => {
    expect(parseScimFilter(filter)).toEqual({ ok: true, comparisons });
  });

  it('no filter lists everything', () => {
    expect(parseScimFilter(undefined)).toEqual({ ok: true, comparisons: [] });
    expect(parseScimFilter('  ')).toEqual({ ok: true, comparisons: [] });
  });

  it.each([
    'userName co "a"',
    'userName eq a',
    'userName eq "a" or userName eq "b"',
    'password eq "x"',
    'userName eq "a" and',
    '(userName eq "a")',
  ])('refuses %s', (filter) => {
    expect(parseScimFilter(filter).ok).toBe(false);
  });
});

describe('scimValueMatches', () => {
  it('userName and displayName ignore case, ids do not', () => {
    expect(scimValueMatches('userName', 'Anna@Example.org', 'anna@example.org')).toBe(true);
    expect(scimValueMatches('displayName', 'Fahrer', 'FAHRER')).toBe(true);
    expect(scimValueMatches('externalId', 'AbC', 'abc')).toBe(false);
    expect(scimValueMatches('id', null, 'x')).toBe(false);
  });
});
