/**
 * SCIM's `attributes` and `excludedAttributes` (RFC 7644 §3.4.2.5, §3.9) applied to a resource: names in any case,
 * with or without the core schema's URN, sub-attributes (`name.givenName`, `emails.value`) and extension attributes
 * (`urn:…:enterprise:2.0:User:employeeNumber`). `id` and `schemas` are always returned.
 */

type Json = Record<string, unknown>;

const isRecord = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const ALWAYS = new Set(['id', 'schemas']);

/** A comma-separated attribute list as paths: [top, sub?], both lower case, the core schema's URN removed. */
const pathsOf = (list: string | undefined, coreSchema: string, extensions: readonly string[]) =>
  (list ?? '')
    .split(',')
    .map((p) => p.trim().toLowerCase())
    .filter((p) => p.length > 0)
    .map((p): [string, string | undefined] => {
      const core = `${coreSchema.toLowerCase()}:`;
      if (p.startsWith(core)) p = p.slice(core.length);
      const extension = extensions.find((e) => p === e.toLowerCase() || p.startsWith(`${e.toLowerCase()}:`));
      if (extension) {
        const rest = p.slice(extension.length + 1);
        return [extension.toLowerCase(), rest || undefined];
      }
      const dot = p.indexOf('.');
      return dot > 0 ? [p.slice(0, dot), p.slice(dot + 1)] : [p, undefined];
    });

const keyOf = (object: Json, lower: string) => Object.keys(object).find((k) => k.toLowerCase() === lower);

/** Only the sub-attribute `sub` of a complex value (or of each value of a multi-valued one). */
const pick = (value: unknown, sub: string): unknown => {
  if (Array.isArray(value)) return value.map((v) => pick(v, sub));
  if (!isRecord(value)) return value;
  const key = keyOf(value, sub);
  return key === undefined ? {} : { [key]: value[key] };
};

/** The sub-attribute `sub` removed from a complex value (or from each value of a multi-valued one). */
const omit = (value: unknown, sub: string): unknown => {
  if (Array.isArray(value)) return value.map((v) => omit(v, sub));
  if (!isRecord(value)) return value;
  const key = keyOf(value, sub);
  if (key === undefined) return value;
  const { [key]: _removed, ...rest } = value;
  return rest;
};

const merge = (a: unknown, b: unknown): unknown => {
  if (isRecord(a) && isRecord(b)) return { ...a, ...b };
  if (Array.isArray(a) && Array.isArray(b)) return a.map((v, i) => merge(v, b[i]));
  return b;
};

/** The resource as the client asked for it: `attributes` wins over `excludedAttributes` (RFC 7644 §3.9). */
export const scimProjektion = (
  resource: Json,
  query: { attributes?: string; excludedAttributes?: string },
  coreSchema: string,
  extensions: readonly string[] = [],
): Json => {
  const wanted = pathsOf(query.attributes, coreSchema, extensions);
  if (wanted.length > 0) {
    const result: Json = {};
    for (const key of Object.keys(resource)) if (ALWAYS.has(key.toLowerCase())) result[key] = resource[key];
    for (const [top, sub] of wanted) {
      const key = keyOf(resource, top);
      if (key === undefined) continue;
      const value = sub ? pick(resource[key], sub) : resource[key];
      result[key] = key in result && sub ? merge(result[key], value) : value;
    }
    return result;
  }
  const excluded = pathsOf(query.excludedAttributes, coreSchema, extensions);
  let result: Json = { ...resource };
  for (const [top, sub] of excluded) {
    const key = keyOf(result, top);
    if (key === undefined || ALWAYS.has(key.toLowerCase())) continue;
    if (sub) result[key] = omit(result[key], sub);
    else {
      const { [key]: _removed, ...rest } = result;
      result = rest;
    }
  }
  return result;
};
