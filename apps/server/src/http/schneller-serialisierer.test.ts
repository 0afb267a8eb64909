import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { schnellerSerialisierer } from './schneller-serialisierer.ts';

const Z = z.object({
  id: z.uuid(),
  name: z.string().max(20).nullable(),
  zeiten: z.array(z.object({ von: z.string(), status: z.enum(['a', 'b']) })),
});
const url = '/api/x';

describe('the serializer of the hot routes (decision 263)', () => {
  it('writes what the zod schema names, as the zod serializer did, and leaves out what it does not name', () => {
    const write = schnellerSerialisierer({ schema: Z, url });
    const wert = { id: crypto.randomUUID(), name: null, zeiten: [{ von: 'x', status: 'a' }] };
    expect(write({ ...wert, geheim: 'nicht', zeiten: [{ ...wert.zeiten[0], buchender: 'x@y' }] })).toBe(
      JSON.stringify(wert),
    );
  });

  it('fails the answer when a required property is missing', () => {
    const write = schnellerSerialisierer({ schema: Z, url });
    expect(() => write({ name: 'x', zeiten: [] })).toThrow(/id/);
  });

  it('refuses, at start, a schema that is not zod or that JSON Schema cannot express', () => {
    expect(() => schnellerSerialisierer({ schema: { type: 'object' }, url })).toThrow(/not a zod schema/);
    expect(() => schnellerSerialisierer({ schema: z.object({ am: z.date() }), url })).toThrow();
  });
});
