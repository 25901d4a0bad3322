import { describe, expect, it } from '@jest/globals';
import { z } from 'zod';
import { lazySchema } from './lazy-schema.js';

/** Pairs of one schema built at once and the same one through lazySchema. */
const makers = {
  object: () =>
    z.object({ id: z.uuid(), name: z.string().min(2).max(10), tags: z.array(z.string()).default([]) }),
  trimmed: () => z.string().trim().min(1).max(12),
  transformed: () => z.string().transform((value) => value.length),
  withDefault: () => z.number().int().default(3),
  refined: () =>
    z
      .object({ from: z.number(), to: z.number() })
      .refine((range) => range.from <= range.to, { message: 'from after to', path: ['to'] }),
  enumeration: () => z.enum(['instant', 'daily']),
  readonly: () => z.object({ a: z.string() }).readonly(),
};

const samples: unknown[] = [
  {},
  null,
  undefined,
  'x',
  '  abc  ',
  4,
  2.5,
  'daily',
  { id: '6f1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e4f', name: 'Dana' },
  { id: 'nope', name: 'D', tags: [1] },
  { from: 3, to: 1 },
  { from: 1, to: 3 },
  { a: 'b' },
];

describe('lazySchema', () => {
  for (const [name, make] of Object.entries(makers) as [string, () => z.ZodType][]) {
    describe(name, () => {
      const eager = make();
      const lazy = lazySchema(make);

      it('parses, and fails with the same issues, as the schema it wraps', () => {
        for (const sample of samples) expect(lazy.safeParse(sample)).toEqual(eager.safeParse(sample));
      });

      it('is an instance of the same zod classes', () => {
        expect(lazy).toBeInstanceOf(z.ZodType);
        expect(lazy).toBeInstanceOf(Object.getPrototypeOf(eager).constructor as typeof z.ZodType);
        expect(lazy.type).toBe(eager.type);
      });

      it('composes like it: optional, inside an object, in a union', () => {
        const composed = (schema: z.ZodType) =>
          z.object({ inner: schema.optional(), either: z.union([schema, z.boolean()]) });
        for (const sample of samples) {
          const value = { inner: sample, either: sample };
          expect(composed(lazy).safeParse(value)).toEqual(composed(eager).safeParse(value));
        }
      });

      it('gives the same JSON Schema, on its own and nested', () => {
        for (const io of ['input', 'output'] as const) {
          expect(z.toJSONSchema(lazy, { io, unrepresentable: 'any' })).toEqual(
            z.toJSONSchema(eager, { io, unrepresentable: 'any' }),
          );
          expect(
            z.toJSONSchema(z.object({ a: lazy, b: z.array(lazy) }), { io, unrepresentable: 'any' }),
          ).toEqual(
            z.toJSONSchema(z.object({ a: eager, b: z.array(eager) }), { io, unrepresentable: 'any' }),
          );
        }
      });
    });
  }

  it('extends, picks and keys an object like the object it wraps', () => {
    const lazy = lazySchema(makers.object);
    expect(Object.keys(lazy)).toEqual(Object.keys(makers.object()));
    const extended = lazy.extend({ extra: z.boolean() });
    expect(Object.keys(extended.shape)).toEqual(['id', 'name', 'tags', 'extra']);
    expect(lazy.pick({ name: true }).safeParse({ name: 'Dana' }).success).toBe(true);
    expect(lazy.keyof().options).toEqual(['id', 'name', 'tags']);
  });

  it('builds the schema on its first use, once', () => {
    let built = 0;
    const lazy = lazySchema(() => {
      built += 1;
      return z.string();
    });
    expect(built).toBe(0);
    expect(lazy.parse('a')).toBe('a');
    expect(lazy.safeParse(1).success).toBe(false);
    expect(built).toBe(1);
  });
});
