/**
 * SCIM 2.0 list filters (RFC 7644 §3.4.2.2) in the forms identity providers send when they look a resource up
 * before creating it: Entra ID `userName eq "a@b.de"`, `externalId eq "…"`, `displayName eq "…"`, Okta
 * `userName eq "a@b.de"`, optionally joined by `and`. Attribute names are case-insensitive; `eq` compares case-
 * insensitively for userName, emails and displayName (caseExact false in RFC 7643) and exactly for ids.
 */

export type ScimComparison = { attribute: string; value: string };
export type ScimFilterResult = { ok: true; comparisons: ScimComparison[] } | { ok: false; detail: string };

/** One `attribute eq value` followed by `and` or the end; sticky, so the whole filter must consist of these. */
const COMPARISON =
  /\s*([A-Za-z][\w.:]*(?:\[[^\]]*\])?(?:\.[A-Za-z]\w*)?)\s+eq\s+("(?:[^"\\]|\\.)*"|true|false)\s*(?:and\s+|$)/iy;

/** Attributes a filter may name, lower-case, with the canonical name they stand for. */
const ATTRIBUTES: Record<string, string> = {
  username: 'userName',
  externalid: 'externalId',
  displayname: 'displayName',
  id: 'id',
  active: 'active',
  'emails.value': 'emails.value',
  'emails[type eq "work"].value': 'emails.value',
  'members.value': 'members.value',
};

const unquote = (raw: string): string =>
  raw.startsWith('"') ? (JSON.parse(raw) as string) : raw.toLowerCase();

/** Parses a filter into comparisons that must all hold; an empty or missing filter lists everything. */
export const parseScimFilter = (filter: string | undefined): ScimFilterResult => {
  if (filter === undefined || filter.trim() === '') return { ok: true, comparisons: [] };
  if (filter.length > 1000) return { ok: false, detail: 'Filter too long' };
  const comparisons: ScimComparison[] = [];
  const text = filter.trim();
  COMPARISON.lastIndex = 0;
  while (COMPARISON.lastIndex < text.length) {
    const at = COMPARISON.lastIndex;
    const match = COMPARISON.exec(text);
    if (!match) return { ok: false, detail: `Unsupported filter: ${text.slice(at, at + 100)}` };
    const name = match[1]!.toLowerCase().replace(/\s+/g, ' ');
    const withoutSchema = name.replace(/^urn:ietf:params:scim:schemas:core:2\.0:(user|group):/, '');
    const attribute = ATTRIBUTES[withoutSchema];
    if (!attribute) return { ok: false, detail: `Unsupported filter attribute: ${match[1]}` };
    comparisons.push({ attribute, value: unquote(match[2]!) });
  }
  return { ok: true, comparisons };
};

/** Whether a value matches a comparison: case-insensitive except for ids and externalId. */
export const scimValueMatches = (attribute: string, actual: string | null | undefined, expected: string) => {
  if (actual === null || actual === undefined) return false;
  return attribute === 'id' || attribute === 'externalId' || attribute === 'members.value'
    ? actual === expected
    : actual.toLowerCase() === expected.toLowerCase();
};
