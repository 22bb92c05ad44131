import { ZEmployeeListResponse, ZPayrollResponse } from '@puna/domain';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { compileSchema, createResponseSerializerCompiler, fallbackReason } from '../src/lib/serializers';
import { createTestApp, type TestContext } from './helpers/app';

type Json = Record<string, unknown>;

/** Awkward strings: quotes, escapes, Albanian letters, a line break, markup, an emoji. */
const STRINGS = ['Ëngjëll "Çuni" \\ </script>\n\u2028 😀', '', 'x'];

/**
 * A value of a JSON Schema (as `z.toJSONSchema` writes them), `variant` picking among strings,
 * numbers and the branches of a union, so several samples of one schema differ. Objects also carry
 * a property no schema declares (`passwordHash`), which both serializers must leave out.
 */
function sample(schema: Json, variant: number): unknown {
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[variant % schema.enum.length];
  const options = (schema.anyOf ?? schema.oneOf) as Json[] | undefined;
  if (options) return sample(options[variant % options.length] as Json, variant);
  const type = Array.isArray(schema.type) ? schema.type[variant % schema.type.length] : schema.type;
  switch (type) {
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, Json>;
      const value: Json = Object.fromEntries(
        Object.entries(properties)
          .reverse()
          .map(([key, property], i) => [key, sample(property, variant + i)]),
      );
      if (schema.additionalProperties && typeof schema.additionalProperties === 'object') {
        value.extra = sample(schema.additionalProperties as Json, variant);
      } else {
        value.passwordHash = '$argon2id$never-written';
      }
      return value;
    }
    case 'array':
      return [0, 1, 2].map((i) => sample((schema.items ?? {}) as Json, variant + i));
    case 'string':
      return STRINGS[variant % STRINGS.length];
    case 'integer':
      return [3, 0, -7][variant % 3];
    case 'number':
      return [1.5, 0, 1e21, -0.1][variant % 4];
    case 'boolean':
      return variant % 2 === 0;
    case 'null':
      return null;
    default:
      return null;
  }
}

describe('compiled response serializers', () => {
  let ctx: TestContext;
  /** Every response schema of the built app: route, status and schema. */
  const responses: { route: string; status: string; schema: z.ZodType }[] = [];
  beforeAll(async () => {
    ctx = await createTestApp();
    for (const route of ctx.routes) {
      const response = (route.schema?.response ?? {}) as Record<string, unknown>;
      for (const [status, schema] of Object.entries(response)) {
        if (schema instanceof z.ZodType) responses.push({ route: `${route.method} ${route.url}`, status, schema });
      }
    }
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('compiles the main reads and lets through only the schemas named here', () => {
    expect(responses.length).toBeGreaterThan(200);
    expect(fallbackReason(ZEmployeeListResponse)).toBeNull();
    expect(fallbackReason(ZPayrollResponse)).toBeNull();
    // A property named "default" is not a default value; a default value still falls back.
    expect(fallbackReason(z.object({ default: z.number(), allOf: z.string() }))).toBeNull();
    expect(fallbackReason(z.object({ count: z.number().default(0) }))).toBe('a default value');
    const fallbacks = [
      ...new Set(
        responses
          .map(({ route, status, schema }) => ({ route, status, reason: fallbackReason(schema) }))
          .filter(({ reason }) => reason !== null)
          .map(({ route, status, reason }) => `${route} ${status}: ${reason}`),
      ),
    ];
    // These keep the zod serializer: a holiday's optional id comes before its required fields
    // (fast-json-stringify writes those first); the team calendar lists the month's holidays with the
    // same schema. The logins answer either a session or, with two-step verification on, a
    // challenge: a union, rare enough to keep the zod serializer. (The payroll statement compiles:
    // its rule set's `figures.default` is a property called "default", not a default value.)
    const optionalFirst =
      'an optional property before a required one (fast-json-stringify writes the required ones first)';
    expect(fallbacks.sort()).toEqual([
      `GET /krye/calendar 200: ${optionalFirst}`,
      `GET /krye/holidays 200: ${optionalFirst}`,
      `HEAD /krye/calendar 200: ${optionalFirst}`,
      `HEAD /krye/holidays 200: ${optionalFirst}`,
      'POST /auth/admin/login 200: a union of several objects or arrays',
      'POST /auth/login 200: a union of several objects or arrays',
      `POST /krye/holidays 201: ${optionalFirst}`,
    ]);
  });

  it('writes the same bytes as the zod serializer for every converted schema of the route table', () => {
    let compared = 0;
    for (const { route, status, schema } of responses) {
      const fast = compileSchema(schema);
      if (!fast) continue;
      const slow = zodSerializerCompiler({ schema, method: 'GET', url: route, httpStatus: status } as never);
      const json = z.toJSONSchema(schema, { io: 'output' }) as Json;
      for (let variant = 0; variant < 4; variant += 1) {
        const data = sample(json, variant);
        // Values the schema refuses (a string too short, an e-mail…) fail the old path: not compared.
        if (!schema.safeParse(data).success) continue;
        expect(`${route} ${status}: ${fast(data)}`).toBe(`${route} ${status}: ${slow(data)}`);
        compared += 1;
      }
    }
    expect(compared).toBeGreaterThan(responses.length);
  });

  it('checks answers against their schema in test mode: a mismatch still fails', () => {
    const compile = createResponseSerializerCompiler({ check: true });
    const serialize = compile({
      schema: ZEmployeeListResponse,
      method: 'GET',
      url: '/krye/employee',
      httpStatus: '200',
    });
    expect(serialize({ Status: true, Result: [] })).toBe('{"Status":true,"Result":[]}');
    expect(() => serialize({ Status: true, Result: [{ id: 'one' }] })).toThrow();
  });
});
