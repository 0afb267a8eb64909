/**
 * Bad requests generated from the OpenAPI document (`/api/openapi.json`), for the walk in
 * `src/http/bad-input-walk.int.test.ts`. Every request it builds for an operation that is not a GET is
 * invalid by construction (a wrong-typed field, a broken body, a made-up id), so an administrator can send
 * all of them and nothing may be written.
 */

export type JsonSchema = {
  type?: string | string[];
  format?: string;
  pattern?: string;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  nullable?: boolean;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
};

type Parameter = {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema: JsonSchema;
};

export type Operation = {
  operationId?: string;
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema?: JsonSchema }> };
  security?: unknown[];
};

export type OpenApiDocument = { paths: Record<string, Record<string, Operation>> };

export type WalkOperation = { method: string; path: string; operation: Operation };

export type BadRequest = {
  label: string;
  /** Path with `{param}` filled. */
  url: string;
  headers: Record<string, string>;
  body?: string;
};

const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);

/** Every operation of the document, in document order. */
export const operationsOf = (document: OpenApiDocument): WalkOperation[] =>
  Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations)
      .filter(([method]) => METHODS.has(method))
      .map(([method, operation]) => ({ method, path, operation })),
  );

export const pathParamsOf = (path: string): string[] =>
  [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? '');

export const fillPath = (path: string, values: Record<string, string>): string =>
  path.replace(/\{(\w+)\}/g, (_whole, name: string) => values[name] ?? '');

/** A uuid no database row has (version 4, fixed). */
export const UNKNOWN_UUID = '6f1c2b7e-0d2a-4b8e-9c41-1f5a7d3e9b20';

// --- values -------------------------------------------------------------------------------------------

const variantsOf = (schema: JsonSchema): JsonSchema[] => [
  ...(schema.anyOf ?? []),
  ...(schema.oneOf ?? []),
  ...(schema.allOf ?? []),
];

/** The JSON types a schema accepts (`integer` counts as number); undefined when it accepts anything. */
const acceptedTypes = (schema: JsonSchema): Set<string> | undefined => {
  const variants = variantsOf(schema);
  const types = new Set<string>();
  if (variants.length > 0) {
    for (const variant of variants) {
      const inner = acceptedTypes(variant);
      if (!inner) return undefined;
      for (const t of inner) types.add(t);
    }
  } else if (schema.type) {
    for (const t of [schema.type].flat()) types.add(t === 'integer' ? 'number' : t);
  } else if (schema.enum) {
    for (const v of schema.enum) types.add(v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);
  } else {
    return undefined;
  }
  if (schema.nullable) types.add('null');
  return types;
};

/** A calendar day: `format: date`, or a pattern for `YYYY-MM-DD` (a plain regex in the schema). */
const isDate = (schema: JsonSchema) =>
  schema.format === 'date' || (schema.pattern?.includes('\\d{4}-\\d{2}-\\d{2}') ?? false);
const isDateTime = (schema: JsonSchema) => schema.format === 'date-time';

/** A plausible value: the first variant, the first enum value, a day in 2030, … (not necessarily valid). */
export const exampleOf = (schema: JsonSchema): unknown => {
  const [variant] = variantsOf(schema);
  if (variant) return exampleOf(variant);
  if (schema.enum) return schema.enum[0];
  const type = [schema.type].flat()[0];
  switch (type) {
    case 'string': {
      if (schema.format === 'uuid') return UNKNOWN_UUID;
      if (isDate(schema)) return '2030-01-15';
      if (isDateTime(schema)) return '2030-01-15T10:00:00+01:00';
      if (schema.format === 'email') return 'walk@musterstadt.example';
      return 'Walk'.padEnd(Math.min(schema.minLength ?? 0, 50), 'x');
    }
    case 'number':
    case 'integer':
      return schema.minimum ?? (schema.maximum !== undefined && schema.maximum < 1 ? schema.maximum : 1);
    case 'boolean':
      return false;
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, () => exampleOf(schema.items ?? {}));
    case 'object':
      return Object.fromEntries(
        (schema.required ?? []).map((name) => [name, exampleOf(schema.properties?.[name] ?? {})]),
      );
    default:
      return schema.nullable ? null : 'Walk';
  }
};

/** A value of a JSON type the schema does not accept, or undefined when it accepts every type. */
export const wrongTypeOf = (schema: JsonSchema): unknown => {
  const accepted = acceptedTypes(schema);
  if (!accepted) return undefined;
  const candidates: [string, unknown][] = [
    ['object', { falsch: true }],
    ['number', 12345],
    ['string', 'falsch'],
    ['boolean', true],
    ['array', ['falsch']],
    ['null', null],
  ];
  return candidates.find(([type]) => !accepted.has(type))?.[1];
};

const HUGE = 'ü'.repeat(20_000);

/** Values a field must refuse: wrong type, huge and out-of-range strings and numbers, unknown enum values. */
export const badValuesOf = (schema: JsonSchema): { label: string; value: unknown }[] => {
  const values: { label: string; value: unknown }[] = [];
  const wrong = wrongTypeOf(schema);
  if (wrong !== undefined || acceptedTypes(schema)?.has('null') === false)
    values.push({ label: 'wrong type', value: wrong });
  const accepted = acceptedTypes(schema);
  const simple = variantsOf(schema).length === 0;
  if (simple && accepted?.has('string') && !schema.enum) {
    values.push({ label: 'huge string', value: HUGE });
    if (isDate(schema)) {
      for (const day of ['9999-12-31', '0000-01-01', '1999-12-31', '2101-01-01', '2026-02-30', '31.12.2026'])
        values.push({ label: `date ${day}`, value: day });
    }
    if (isDateTime(schema)) {
      for (const instant of ['9999-12-31T23:59:59Z', '0001-01-01T00:00:00Z', '2026-10-25T02:30:00'])
        values.push({ label: `instant ${instant}`, value: instant });
    }
    if (schema.format === 'uuid') values.push({ label: 'not a uuid', value: 'keine-uuid' });
  }
  if (simple && schema.enum) values.push({ label: 'unknown enum value', value: 'gibt_es_nicht' });
  if (simple && accepted?.has('number')) {
    if (schema.maximum !== undefined) values.push({ label: 'above maximum', value: schema.maximum + 1 });
    if (schema.minimum !== undefined) values.push({ label: 'below minimum', value: schema.minimum - 1 });
    if (schema.type === 'integer') values.push({ label: 'fraction', value: 1.5 });
  }
  if (simple && accepted?.has('array')) {
    const itemWrong = wrongTypeOf(schema.items ?? {});
    if (itemWrong !== undefined) values.push({ label: 'item of wrong type', value: [itemWrong] });
    if (schema.maxItems !== undefined && schema.maxItems < 5000)
      values.push({
        label: 'too many items',
        value: Array.from({ length: schema.maxItems + 1 }, () => exampleOf(schema.items ?? {})),
      });
  }
  return values;
};

/** Query-string forms of bad values (everything in a query is a string). */
const badQueryValuesOf = (schema: JsonSchema): { label: string; value: string }[] => {
  const values = [{ label: 'huge', value: 'x'.repeat(5000) }];
  const accepted = acceptedTypes(schema);
  if (accepted?.has('number')) {
    values.push({ label: 'not a number', value: 'viele' }, { label: 'overflow', value: '9'.repeat(400) });
    values.push({ label: 'negative', value: '-1' }, { label: 'fraction', value: '1.5' });
  }
  if (accepted?.has('boolean')) values.push({ label: 'not a boolean', value: 'vielleicht' });
  if (schema.enum) values.push({ label: 'unknown enum value', value: 'gibt_es_nicht' });
  if (schema.format === 'uuid') values.push({ label: 'not a uuid', value: "1' or '1'='1" });
  if (isDate(schema))
    for (const day of ['9999-12-31', '0000-01-01', '2101-01-01', '2026-02-30', '2026-12-31T00:00:00Z'])
      values.push({ label: `date ${day}`, value: day });
  if (isDateTime(schema))
    for (const instant of ['9999-12-31T23:59:59Z', '0001-01-01T00:00:00Z'])
      values.push({ label: `instant ${instant}`, value: instant });
  return values;
};

const BAD_PATH_VALUES = [
  { label: 'not a uuid', value: 'keine-uuid' },
  { label: 'unknown uuid', value: UNKNOWN_UUID },
  { label: '150 characters', value: 'a'.repeat(150) },
  { label: '3000 characters', value: 'a'.repeat(3000) },
  { label: 'encoded NUL', value: '%00' },
  { label: 'encoded traversal', value: '..%2F..%2Fetc%2Fpasswd' },
  { label: 'broken escape', value: '%E0%A4%A' },
  { label: 'quote', value: "1'%20or%20'1'='1" },
];

// --- requests -----------------------------------------------------------------------------------------

const JSON_TYPE = 'application/json';

const RAW_BODIES: { label: string; contentType: string; body: string }[] = [
  { label: 'empty JSON body', contentType: JSON_TYPE, body: '' },
  { label: 'malformed JSON', contentType: JSON_TYPE, body: '{"name": ' },
  { label: 'JSON null', contentType: JSON_TYPE, body: 'null' },
  { label: 'JSON array', contentType: JSON_TYPE, body: '[]' },
  { label: 'JSON string', contentType: JSON_TYPE, body: '"x"' },
  { label: 'prototype pollution', contentType: JSON_TYPE, body: '{"__proto__":{"isPlatformAdmin":true}}' },
  { label: 'constructor pollution', contentType: JSON_TYPE, body: '{"constructor":{"prototype":{"x":1}}}' },
  { label: 'deep nesting', contentType: JSON_TYPE, body: `${'['.repeat(5000)}${']'.repeat(5000)}` },
  { label: 'body over 1 MB', contentType: JSON_TYPE, body: JSON.stringify({ x: 'a'.repeat(1_100_000) }) },
  { label: 'text/plain', contentType: 'text/plain', body: 'hallo' },
  { label: 'XML', contentType: 'application/xml', body: '<a/>' },
  { label: 'form-urlencoded', contentType: 'application/x-www-form-urlencoded', body: 'a=1' },
];

const BOUNDARY = 'walkboundary';
const MULTIPART_BODIES: { label: string; contentType: string; body: string }[] = [
  { label: 'multipart without boundary', contentType: 'multipart/form-data', body: 'egal' },
  {
    label: 'multipart, boundary not found',
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
    body: 'egal',
  },
  { label: 'multipart, empty', contentType: `multipart/form-data; boundary=${BOUNDARY}`, body: '' },
  {
    label: 'multipart, unexpected end',
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
    body: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG`,
  },
  {
    label: 'multipart, malformed part header',
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
    body: `--${BOUNDARY}\r\nContent-Disposition\r\n\r\nx\r\n--${BOUNDARY}--\r\n`,
  },
  {
    label: 'multipart, field instead of file',
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
    body: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"\r\n\r\nkein file\r\n--${BOUNDARY}--\r\n`,
  },
  {
    label: 'multipart, file in another field',
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
    body: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="anderes"; filename="a.png"\r\n\r\nx\r\n--${BOUNDARY}--\r\n`,
  },
  {
    label: 'multipart, empty file',
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
    body: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="leer.csv"\r\n\r\n\r\n--${BOUNDARY}--\r\n`,
  },
  {
    label: 'multipart, file of the wrong type',
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
    body: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.exe"\r\n\r\nMZ\x90\x00\x03\r\n--${BOUNDARY}--\r\n`,
  },
];

const jsonBodySchema = (operation: Operation): JsonSchema | undefined =>
  operation.requestBody?.content[JSON_TYPE]?.schema;
const isUpload = (operation: Operation) => Boolean(operation.requestBody?.content['multipart/form-data']);

/** One body that the operation must refuse (no id, no value makes it valid): used beside bad ids. */
const refusedBody = (operation: Operation): Pick<BadRequest, 'headers' | 'body'> | undefined => {
  const schema = jsonBodySchema(operation);
  if (schema) {
    const base = exampleOf(schema) as Record<string, unknown>;
    const [first] = Object.entries(schema.properties ?? {})
      .map(([name, field]) => [name, wrongTypeOf(field)] as const)
      .filter(([, wrong]) => wrong !== undefined);
    const body = first ? { ...base, [first[0]]: first[1] } : '{"kaputt": ';
    return {
      headers: { 'content-type': JSON_TYPE },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    };
  }
  if (isUpload(operation)) {
    const [broken] = MULTIPART_BODIES;
    return broken ? { headers: { 'content-type': broken.contentType }, body: broken.body } : undefined;
  }
  return undefined;
};

/**
 * The bad requests of one operation. `ids` holds a real value for each path parameter (the tenant's own
 * items), so body checks run against existing rows; the parameter under test gets made-up values.
 */
export const badRequestsOf = ({ method, path, operation }: WalkOperation, ids: Record<string, string>) => {
  const requests: BadRequest[] = [];
  const isGet = method === 'get';
  const url = fillPath(path, ids);
  const refused = isGet ? undefined : refusedBody(operation);
  const add = (label: string, request: Omit<BadRequest, 'label'>) => requests.push({ label, ...request });

  for (const name of pathParamsOf(path)) {
    for (const { label, value } of BAD_PATH_VALUES) {
      add(`path ${name}: ${label}`, {
        url: fillPath(path, { ...ids, [name]: value }),
        headers: { ...refused?.headers },
        body: refused?.body,
      });
    }
  }

  for (const parameter of operation.parameters ?? []) {
    if (parameter.in !== 'query') continue;
    for (const { label, value } of badQueryValuesOf(parameter.schema)) {
      add(`query ${parameter.name}: ${label}`, {
        url: `${url}?${new URLSearchParams({ [parameter.name]: value })}`,
        headers: { ...refused?.headers },
        body: refused?.body,
      });
    }
    add(`query ${parameter.name}: twice`, {
      url: `${url}?${parameter.name}=a&${parameter.name}=b`,
      headers: { ...refused?.headers },
      body: refused?.body,
    });
  }
  if (isGet) add('unknown query parameter', { url: `${url}?gibtEsNicht=1&__proto__=x`, headers: {} });

  const schema = jsonBodySchema(operation);
  if (schema) {
    const base = exampleOf(schema) as Record<string, unknown>;
    for (const [name, field] of Object.entries(schema.properties ?? {})) {
      for (const { label, value } of badValuesOf(field)) {
        add(`body ${name}: ${label}`, {
          url,
          headers: { 'content-type': JSON_TYPE },
          body: JSON.stringify({ ...base, [name]: value }),
        });
      }
    }
    const wrong = refusedBody(operation);
    if (wrong?.body?.startsWith('{"') && wrong.body.endsWith('}'))
      add('unknown field beside a wrong one', {
        url,
        headers: { 'content-type': JSON_TYPE },
        body: `${wrong.body.slice(0, -1)},"gibtEsNicht":{"tief":[1,2,3]}}`,
      });
    if ((schema.required ?? []).length > 0)
      add('only an unknown field', {
        url,
        headers: { 'content-type': JSON_TYPE },
        body: '{"gibtEsNicht":1}',
      });
  }

  if (isUpload(operation)) {
    for (const { label, contentType, body } of MULTIPART_BODIES)
      add(label, { url, headers: { 'content-type': contentType }, body });
  }

  // An operation that reads no body ignores one: only a made-up id keeps such a request from acting, so
  // an operation without body and without path parameters (DELETE /api/mandant/logo) gets no raw bodies.
  const actsAnyway = !schema && !isUpload(operation) && pathParamsOf(path).length === 0;
  if (!isGet && !actsAnyway) {
    const rawUrl =
      schema || isUpload(operation)
        ? url
        : fillPath(path, Object.fromEntries(pathParamsOf(path).map((name) => [name, UNKNOWN_UUID])));
    for (const { label, contentType, body } of RAW_BODIES)
      add(label, { url: rawUrl, headers: { 'content-type': contentType }, body });
  }
  return requests;
};

/** The first bad request of an operation: for the 401-before-403-before-400 check. */
export const firstBadRequestOf = (walk: WalkOperation, ids: Record<string, string>): BadRequest => {
  const all = badRequestsOf(walk, ids);
  const body = all.find((r) => r.label.startsWith('body ') || r.label.startsWith('multipart'));
  return (
    body ??
    all.find((r) => r.label.startsWith('query ')) ??
    all[0] ?? { label: 'plain', url: fillPath(walk.path, ids), headers: {} }
  );
};
