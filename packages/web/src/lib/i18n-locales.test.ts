/**
 * The locale files against one another, the sources and the domain's message catalog: Albanian and
 * English hold the same keys with the same `{{placeholders}}`, every key is used somewhere, and
 * every catalog code has its texts (so editing a sentence in the domain never loses its Albanian).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MESSAGE_CODES, messages, type TMessageCode } from '@puna/domain';
import { describe, expect, it } from 'vitest';
import featuresSq from '../locales/features-sq';
import type { ErrorCode } from './i18n-errors';

type Tree = { [key: string]: string | Tree };

const src = join(dirname(fileURLToPath(import.meta.url)), '..');
const readJson = (path: string) => JSON.parse(readFileSync(join(src, path), 'utf8')) as Tree;

/** Every locale file pair: the app-wide one and each feature's. */
const features = readdirSync(join(src, 'features')).filter((feature) => {
  try {
    return statSync(join(src, 'features', feature, 'locales', 'sq.json')).isFile();
  } catch {
    return false;
  }
});
const pairs = [
  { name: 'locales', sq: readJson('locales/sq.json'), en: readJson('locales/en.json') },
  { name: 'locales/errors', sq: readJson('locales/errors/sq.json'), en: readJson('locales/errors/en.json') },
  ...features.map((feature) => ({
    name: `features/${feature}/locales`,
    sq: readJson(`features/${feature}/locales/sq.json`),
    en: readJson(`features/${feature}/locales/en.json`),
  })),
];

/** `a.b.c` → text, for every text in the tree. */
function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') out.set(prefix + key, value);
    else for (const [inner, text] of flatten(value, `${prefix}${key}.`)) out.set(inner, text);
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1]).sort();

describe('locale files', () => {
  it('lists every feature in the features chunk (locales/features-sq.ts)', () => {
    const listed = Object.keys(featuresSq).sort();
    const onDisk = pairs
      .filter((pair) => pair.name.startsWith('features/'))
      .flatMap((pair) => Object.keys(pair.sq))
      .sort();
    expect(listed).toEqual(onDisk);
  });

  it.each(pairs)('$name: English has the same keys as Albanian', ({ sq, en }) => {
    expect([...flatten(en).keys()].sort()).toEqual([...flatten(sq).keys()].sort());
  });

  it.each(pairs)('$name: each text has the same {{placeholders}} in both languages', ({ sq, en }) => {
    const english = flatten(en);
    const differ = [...flatten(sq)]
      .filter(
        ([key, text]) => english.has(key) && placeholders(text).join() !== placeholders(english.get(key) ?? '').join(),
      )
      .map(([key]) => key);
    expect(differ).toEqual([]);
  });
});

/**
 * Keys no source names, not even as a template such as `listType.${type}.name`, that are still in
 * use, each with the reason. Keep it short: a typed map of full keys is better than a computed key.
 */
const usedDynamically: Record<string, string> = {};

/** The app's source, tests and locale files left out. */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) return entry === 'locales' ? [] : sources(path);
    return /\.(ts|tsx)$/.test(entry) && !/\.test\.tsx?$/.test(entry) ? [path] : [];
  });
}

describe('unused keys', () => {
  it('finds every text named in the source', () => {
    const code = sources(src)
      .map((file) => readFileSync(file, 'utf8'))
      .join('\n');
    const quoted = new Set([...code.matchAll(/(['"`])([^'"`\s${}]+)\1/g)].map((match) => match[2] ?? ''));
    // Template literals with a placeholder, e.g. `admin.audit.columns.${column}`: a segment each.
    const templates = [...code.matchAll(/`([^`]*)`/g)]
      .map((match) => (match[1] ?? '').split(/\$\{[^}]*\}/))
      .filter(
        (parts) =>
          parts.length > 1 && /^[a-z]\w*\./i.test(parts[0] ?? '') && parts.every((part) => /^[^'"\s/]*$/.test(part)),
      )
      .map(
        (parts) => new RegExp(`^${parts.map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('[^.]+')}$`),
      );
    const keys = new Set<string>();
    for (const pair of pairs) {
      for (const key of flatten(pair.sq).keys()) keys.add(key.replace(/_(zero|one|two|few|many|other)$/, ''));
    }
    const unused = [...keys].filter(
      (key) =>
        !key.startsWith('errors.') &&
        !quoted.has(key) &&
        !templates.some((template) => template.test(key)) &&
        !(key in usedDynamically),
    );
    expect(unused).toEqual([]);
    expect(Object.keys(usedDynamically).filter((key) => !keys.has(key))).toEqual([]);
  });
});

describe('error texts, by the domain catalog code', () => {
  const sq = flatten(readJson('locales/errors/sq.json'));
  const en = flatten(readJson('locales/errors/en.json'));
  const codesIn = (texts: Map<string, string>) =>
    [...texts.keys()].filter((key) => key.startsWith('errors.')).map((key) => key.slice('errors.'.length));

  it('has an Albanian and an English text for every code, and none for codes that are gone', () => {
    expect(codesIn(sq).sort()).toEqual([...MESSAGE_CODES].sort());
    expect(codesIn(en).sort()).toEqual([...MESSAGE_CODES].sort());
  });

  it('shows in English the sentence the API answers with', () => {
    for (const code of MESSAGE_CODES) expect(en.get(`errors.${code}`), code).toBe(messages[code]);
  });

  // Issue 34: one language per screen, the spec's own English sentences included.
  it('translates every code to Albanian', () => {
    const untranslated = MESSAGE_CODES.filter((code) => sq.get(`errors.${code}`) === messages[code]);
    expect(untranslated).toEqual([]);
  });
});

/** The same at compile time: a catalog code without an Albanian text fails the typecheck here. */
type MissingErrorTexts = Exclude<TMessageCode, ErrorCode>;
export const everyCodeHasText: [MissingErrorTexts] extends [never] ? true : MissingErrorTexts = true;
