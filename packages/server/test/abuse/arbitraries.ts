import fc from 'fast-check';

/** Keys a zod schema's object (through optional, nullable, default, pipe, array and union) declares. */
export function schemaKeys(schema: unknown): string[] {
  const def = (schema as { _zod?: { def?: Record<string, unknown> } } | undefined)?._zod?.def;
  if (!def) return [];
  switch (def.type) {
    case 'object':
      return Object.keys(def.shape as object);
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
      return schemaKeys(def.innerType);
    case 'pipe':
      return schemaKeys(def.in);
    case 'array':
      return schemaKeys(def.element);
    case 'union':
      return [...new Set((def.options as unknown[]).flatMap(schemaKeys))];
    default:
      return [];
  }
}

/** Keys that have broken JavaScript servers before. */
const POISON_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', ''];

/** Number spellings JSON allows but JavaScript reads strangely (1e309 is Infinity, -0 is not 0). */
const RAW_NUMBERS = ['1e309', '-1e309', '-0', '1e-400', '9007199254740993', '1.5', '-1', '0', '2147483648', '1e21'];

/** Strings a form field or an id should survive. */
const nastyString = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    'NaN',
    'Infinity',
    '-0',
    '1e309',
    '0x1F',
    'null',
    'undefined',
    'true',
    '__proto__',
    '../../etc/passwd',
    "'; drop table employees; --",
    '<script>alert(1)</script>',
    '=cmd|calc!A1',
    '2025-02-30',
    '9999-99-99',
    '2025-13',
    '0000-01',
    '9999-12',
    '0000-01-01',
    '9999-12-31',
    '2147483648',
    '99999999999',
    '00:00',
    '25:61',
    '\u0000',
    '\uD800',
    '🙂🙂🙂',
    'Ωmega Çelës ëë',
    'I-ALFA0000001',
  ),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.bigInt({ min: -(10n ** 40n), max: 10n ** 40n }).map(String),
  fc.integer({ min: 1, max: 40 }).map(String),
  fc.constantFrom(1000, 5000, 70000).map((length) => '9'.repeat(length)),
  fc.constantFrom(300, 5000, 100000).map((length) => 'x'.repeat(length)),
);

/** A JSON value as raw text: ordinary values plus spellings JSON.stringify never writes. */
const rawValue: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value)) },
  { weight: 2, arbitrary: fc.constantFrom(...RAW_NUMBERS) },
  { weight: 3, arbitrary: nastyString.map((value) => JSON.stringify(value)) },
  { weight: 1, arbitrary: fc.integer({ min: -3, max: 60 }).map(String) },
  {
    weight: 1,
    arbitrary: fc.constantFrom('null', 'true', 'false', '[]', '{}', '[null]', '{"__proto__":{"polluted":1}}'),
  },
);

function objectText(keys: string[]): fc.Arbitrary<string> {
  const key = fc.oneof(
    { weight: keys.length > 0 ? 6 : 0, arbitrary: fc.constantFrom(...(keys.length > 0 ? keys : ['x'])) },
    { weight: 1, arbitrary: fc.constantFrom(...POISON_KEYS) },
    { weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
  );
  return fc
    .array(fc.tuple(key, rawValue), { maxLength: Math.max(4, keys.length + 2) })
    .map((entries) => `{${entries.map(([name, value]) => `${JSON.stringify(name)}:${value}`).join(',')}}`);
}

/** A request body as raw JSON text, shaped by the route's own schema keys most of the time. */
export function bodyText(keys: string[]): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 6, arbitrary: objectText(keys) },
    { weight: 2, arbitrary: fc.array(objectText(keys), { maxLength: 3 }).map((items) => `[${items.join(',')}]`) },
    { weight: 2, arbitrary: rawValue },
    { weight: 1, arbitrary: fc.constantFrom('', '{', '{"a":', '[1,2', '\u0000', 'not json', '{"a":1}{"b":2}') },
  );
}

/** A query string object: the route's keys and some others, any text, sometimes repeated. */
export function queryObject(keys: string[]): fc.Arbitrary<Record<string, string | string[]>> {
  const key = fc.oneof(
    { weight: keys.length > 0 ? 5 : 0, arbitrary: fc.constantFrom(...(keys.length > 0 ? keys : ['x'])) },
    { weight: 1, arbitrary: fc.constantFrom(...POISON_KEYS.filter(Boolean)) },
    { weight: 1, arbitrary: fc.string({ minLength: 1, maxLength: 10 }) },
  );
  const value = fc.oneof(
    { weight: 4, arbitrary: nastyString },
    { weight: 1, arbitrary: fc.array(nastyString, { maxLength: 3 }) },
  );
  return fc.dictionary(key, value, { maxKeys: Math.max(3, keys.length + 1) });
}

/** A path parameter: nasty text, huge numbers, or a small id that may be real. */
export const paramValue: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: nastyString.filter((value) => value.length > 0) },
  { weight: 2, arbitrary: fc.integer({ min: -2, max: 50 }).map(String) },
  // Just past what a PostgreSQL integer column holds, and far past it.
  { weight: 1, arbitrary: fc.constantFrom('2147483647', '2147483648', '4294967296', '99999999999', '1e20') },
);

/**
 * How the owner presents its session: mostly its Bearer token; sometimes its cookie with the
 * headers a browser, a proxy or an attacker may send (malformed or foreign Origins, Fetch Metadata,
 * garbage cookies and Authorization values). Refusals must be 4xx and change nothing.
 */
export const sessionHeaders: fc.Arbitrary<{ via: 'bearer' | 'cookie'; headers: Record<string, string> }> = fc.oneof(
  { weight: 8, arbitrary: fc.constant({ via: 'bearer' as const, headers: {} }) },
  {
    weight: 1,
    arbitrary: fc
      .constantFrom('http://[::1', 'null', 'not a url', 'http://evil.example', 'https://localhost:99999', '', 'ftp://x')
      .map((origin) => ({ via: 'cookie' as const, headers: { origin } })),
  },
  {
    weight: 1,
    arbitrary: fc
      .constantFrom('cross-site', 'same-site', 'none', 'garbage', '')
      .map((site) => ({ via: 'cookie' as const, headers: { 'sec-fetch-site': site } })),
  },
  {
    weight: 1,
    arbitrary: fc
      .constantFrom('puna_session=', 'puna_session=%E0%A4%A', '=;=;', 'puna_session=a; puna_session=b', '\u00ff')
      .map((cookie) => ({ via: 'bearer' as const, headers: { cookie } })),
  },
  {
    weight: 1,
    arbitrary: fc
      .constantFrom('Bearer ', 'Bearer \u00ff', 'Basic abc', 'Bearer a b c', 'Device x:y')
      .map((authorization) => ({ via: 'bearer' as const, headers: { authorization } })),
  },
);
