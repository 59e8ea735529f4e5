import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { constraintsOf, fieldRows, resolveRef, typeLabel, type JsonSchema } from './schema-fields';

const components: Record<string, unknown> = {
  Item: {
    type: 'object',
    properties: { code: { type: 'string', description: 'The code.' } },
    required: ['code'],
  },
  Loop: { type: 'object', properties: { next: { $ref: '#/components/schemas/Loop' } } },
};

describe('fieldRows', () => {
  it('follows $ref into components.schemas and walks nested objects and arrays', () => {
    const rows = fieldRows(
      {
        type: 'object',
        properties: {
          items: {
            type: 'array',
            items: { $ref: '#/components/schemas/Item' },
            description: 'The items.',
            maxItems: 5,
          },
          meta: { type: 'object', properties: { page: { type: 'integer', minimum: 1 } } },
        },
        required: ['items'],
      },
      components,
    );
    expect(rows.map((r) => [r.name, r.type, r.required, r.depth])).toEqual([
      ['items', 'object[]', true, 0],
      ['items[].code', 'string', true, 1],
      ['meta', 'object', false, 0],
      ['meta.page', 'integer', false, 1],
    ]);
    expect(rows[0]!.constraints).toEqual(['at most 5 items']);
    expect(rows[1]!.description).toBe('The code.');
  });

  it('lists the fields of each union variant, and marks nullable and enum fields', () => {
    const rows = fieldRows(
      {
        type: 'object',
        properties: {
          result: {
            anyOf: [
              { type: 'object', properties: { ok: { type: 'boolean' } } },
              { type: 'object', properties: { error: { type: 'string' } } },
            ],
          },
          note: { anyOf: [{ type: 'string' }, { type: 'null' }] },
          mode: { type: 'string', enum: ['a', 'b'], default: 'a' },
        },
      },
      components,
    );
    expect(rows.find((r) => r.name === 'result.ok')?.variant).toBe('1 of 2');
    expect(rows.find((r) => r.name === 'result.error')?.variant).toBe('2 of 2');
    expect(rows.find((r) => r.name === 'note')).toMatchObject({ type: 'string', nullable: true });
    expect(rows.find((r) => r.name === 'mode')).toMatchObject({
      type: '"a" | "b"',
      constraints: ['one of "a", "b"', 'default "a"'],
    });
  });

  it('documents records (additionalProperties) as a map, and their object values by {key}', () => {
    const rows = fieldRows(
      {
        type: 'object',
        properties: {
          flags: { type: 'object', additionalProperties: { type: 'boolean' } },
          byName: {
            type: 'object',
            additionalProperties: { type: 'object', properties: { n: { type: 'integer' } }, required: ['n'] },
          },
        },
      },
      components,
    );
    expect(rows.map((r) => [r.name, r.type])).toEqual([
      ['flags', 'object (map of boolean)'],
      ['byName', 'object (map of object)'],
      ['byName.{key}', 'object'],
      ['byName.{key}.n', 'integer'],
    ]);
  });

  it('stops at a recursive $ref instead of looping', () => {
    expect(fieldRows({ $ref: '#/components/schemas/Loop' }, components).map((r) => r.name)).toEqual(['next']);
  });

  it('reads what zod 4 writes: limits, defaults, descriptions, and no safe-integer bounds', () => {
    const schema = z.toJSONSchema(
      z.object({
        urls: z.array(z.url().max(2048)).min(1).max(20).describe('Images.'),
        checks: z.number().int().min(0).max(10).default(3).describe('Passes.'),
        count: z.number().int(),
      }),
      { io: 'input' },
    ) as JsonSchema;
    const rows = fieldRows(schema, {});
    expect(rows.find((r) => r.name === 'urls')).toMatchObject({
      required: true,
      description: 'Images.',
      constraints: ['1 to 20 items', 'each item: at most 2048 characters'],
    });
    expect(rows.find((r) => r.name === 'checks')).toMatchObject({
      required: false,
      constraints: ['0 to 10', 'default 3'],
    });
    expect(rows.find((r) => r.name === 'count')?.constraints).toEqual([]);
  });
});

describe('helpers', () => {
  it('resolveRef refuses a dangling reference', () => {
    expect(() => resolveRef({ $ref: '#/components/schemas/Nope' }, components)).toThrow(/Nope/);
  });
  it('typeLabel names tuples and formats', () => {
    expect(typeLabel({ type: 'array', prefixItems: [{ type: 'number' }, { type: 'number' }] }, {})).toBe(
      '[number, number]',
    );
    expect(typeLabel({ type: 'string', format: 'uri' }, {})).toBe('string (uri)');
  });
  it('constraintsOf words single-sided limits', () => {
    expect(constraintsOf({ type: 'string', minLength: 1 }, {})).toEqual(['at least 1 character']);
  });
});
