import fastJsonStringify from 'fast-json-stringify';
import { z } from 'zod';
import { $ZodType } from 'zod/v4/core';

/**
 * The serializer of the hot reading routes (decision 263: the seat map of a day, the vehicle list with its free
 * search, the week timeline): fast-json-stringify compiled once, at start, from the JSON Schema of the route's zod
 * response schema (the output side, as the OpenAPI document shows it), instead of `fastify-type-provider-zod`'s
 * serializer, which checks every answer against the zod schema before `JSON.stringify`. The answer is written from
 * the schema as before: a property the schema does not name is left out, a required one missing fails the request;
 * types and limits are not checked at run time (`antwort-schemata.int.test.ts` checks these routes' answers against
 * their zod schemas on both databases). A schema JSON Schema cannot express fails here, at start.
 */
export const schnellerSerialisierer = ({ schema, url }: { schema: unknown; url: string }) => {
  if (!(schema instanceof $ZodType)) throw new TypeError(`${url}: the response schema is not a zod schema`);
  return fastJsonStringify(
    z.toJSONSchema(schema, { io: 'output', target: 'draft-7' }) as Parameters<typeof fastJsonStringify>[0],
  );
};
