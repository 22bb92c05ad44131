import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * Response serializers compiled from the routes' zod schemas (issue 17). fastify-type-provider-zod's
 * serializer runs zod's `safeParse` and then `JSON.stringify` on every answer; here each response
 * schema becomes a JSON Schema (`z.toJSONSchema`, output side) compiled once by fast-json-stringify,
 * which writes the schema's properties in the schema's order, as the old path did, ~2× faster.
 *
 * A schema is compiled only when that can be faithful; otherwise (`fallbackReason`) the route keeps
 * the old serializer:
 * - what JSON Schema cannot say (`unrepresentable`): transforms, dates, custom checks…
 * - defaults, which zod fills on output where fast-json-stringify would not always,
 * - unions of objects (`anyOf` of objects: fast-json-stringify picks a branch with ajv, zod by parsing),
 * - an optional property declared before a required one (fast-json-stringify writes required first).
 *
 * With `check` (NODE_ENV=test) every answer is also parsed by its schema and written the old way: an
 * answer that does not match its schema fails as before (500), and one whose compiled bytes differ
 * from the old path's throws, so every integration test checks the serializers byte for byte.
 */

type AnySchema = z.ZodType;

/** The schema as JSON Schema (output side), or the reason it cannot be written faithfully from one. */
function convert(schema: AnySchema): { json: Record<string, unknown> } | { reason: string } {
  let json: Record<string, unknown>;
  try {
    json = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'throw' }) as Record<string, unknown>;
  } catch (error) {
    return { reason: `not representable in JSON Schema (${error instanceof Error ? error.message : String(error)})` };
  }
  const reason = unfaithful(json);
  return reason === null ? { json } : { reason };
}

/** Why a schema keeps the zod serializer, or null when it compiles. */
export function fallbackReason(schema: AnySchema): string | null {
  const converted = convert(schema);
  return 'reason' in converted ? converted.reason : null;
}

/** A part of the JSON Schema that fast-json-stringify would not write as zod's output does. */
function unfaithful(node: unknown): string | null {
  if (Array.isArray(node)) {
    for (const item of node) {
      const reason = unfaithful(item);
      if (reason) return reason;
    }
    return null;
  }
  if (!node || typeof node !== 'object') return null;
  const record = node as Record<string, unknown>;
  if ('default' in record) return 'a default value';
  if (record.properties && typeof record.properties === 'object') {
    const required = new Set(Array.isArray(record.required) ? record.required : []);
    const keys = Object.keys(record.properties);
    const firstOptional = keys.findIndex((key) => !required.has(key));
    if (firstOptional >= 0 && keys.slice(firstOptional).some((key) => required.has(key))) {
      return 'an optional property before a required one (fast-json-stringify writes the required ones first)';
    }
  }
  for (const key of ['anyOf', 'oneOf'] as const) {
    const options = record[key];
    if (Array.isArray(options) && options.filter((option) => !isScalarOption(option)).length > 1) {
      return 'a union of several objects or arrays';
    }
  }
  if ('allOf' in record || 'not' in record || 'if' in record || 'patternProperties' in record) {
    return 'a combinator fast-json-stringify writes differently';
  }
  for (const [key, value] of Object.entries(record)) {
    // `properties` maps names to schemas: a property may be called "default" or "allOf".
    const reason =
      key === 'properties' && value && typeof value === 'object' ? unfaithful(Object.values(value)) : unfaithful(value);
    if (reason) return reason;
  }
  return null;
}

/** A union branch that cannot be mistaken for another: a scalar type, a constant or an enum. */
function isScalarOption(option: unknown): boolean {
  if (!option || typeof option !== 'object') return false;
  const record = option as Record<string, unknown>;
  if ('const' in record || 'enum' in record) return true;
  return ['string', 'number', 'integer', 'boolean', 'null'].includes(record.type as string);
}

/**
 * `anyOf: [{ type: T, … }, { type: 'null' }]` (zod's `.nullable()`) as `{ type: [T, 'null'], … }`,
 * which fast-json-stringify writes with a type check instead of trying branches with ajv.
 */
function simplify(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(simplify);
  if (!node || typeof node !== 'object') return node;
  // `additionalProperties: false` would make a union branch refuse an answer with a key more, which
  // zod strips; fast-json-stringify writes only the declared properties anyway.
  const record = Object.fromEntries(
    Object.entries(node)
      .filter(([key, value]) => !(key === 'additionalProperties' && value === false))
      .map(([key, value]) => [key, simplify(value)]),
  );
  const options = record.anyOf;
  if (Array.isArray(options) && options.length === 2 && Object.keys(record).length === 1) {
    const isNull = (o: unknown) =>
      (o as Record<string, unknown>).type === 'null' && Object.keys(o as object).length === 1;
    const other = (options as Record<string, unknown>[]).find((option) => !isNull(option));
    if (other && options.some(isNull) && typeof other.type === 'string' && other.type !== 'null') {
      return { ...other, type: [other.type, 'null'] };
    }
  }
  return record;
}

/** The compiled writer of a schema, or null when it keeps the zod serializer (`fallbackReason`). */
export function compileSchema(schema: AnySchema): ((data: unknown) => string) | null {
  const converted = convert(schema);
  if ('reason' in converted) return null;
  const json = simplify(converted.json) as Record<string, unknown>;
  delete json.$schema;
  return fastJson(json as unknown as Parameters<typeof fastJson>[0]) as (data: unknown) => string;
}

/** Resolves the zod schema a route declared for a response (what fastify-type-provider-zod accepts). */
function zodSchemaOf(schema: unknown): AnySchema | null {
  if (schema instanceof z.ZodType) return schema;
  const properties = (schema as { properties?: unknown } | null)?.properties;
  return properties instanceof z.ZodType ? properties : null;
}

/**
 * The serializer compiler of the app: a compiled writer per response schema, the zod serializer for
 * the others; with `check`, both, compared (see above). A writer is compiled on its first answer, not
 * when the route registers: the app has some 300 response schemas and most are rarely sent, so the
 * server starts as fast as before.
 */
export function createResponseSerializerCompiler(options: { check: boolean }): FastifySerializerCompiler<unknown> {
  return (route) => {
    const slow = zodSerializerCompiler(route as Parameters<typeof zodSerializerCompiler>[0]);
    const schema = zodSchemaOf(route.schema);
    if (!schema) return slow;
    let write: ((data: unknown) => string) | undefined;
    const writerOf = () => {
      if (write) return write;
      const fast = compileSchema(schema);
      if (!fast) write = slow;
      else if (!options.check) write = fast;
      else {
        write = (data) => {
          const expected = slow(data);
          const written = fast(data);
          if (written !== expected) {
            throw new Error(
              `The compiled serializer of ${route.method} ${route.url} (${route.httpStatus}) wrote ${written} where the schema's gives ${expected}`,
            );
          }
          return written;
        };
      }
      return write;
    };
    return (data) => writerOf()(data);
  };
}
