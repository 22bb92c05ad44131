import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * A text of the web's locale files by its key, read when the test runs, so a test names buttons and
 * notices by what the screen shows in that language, whatever the wording becomes.
 * `feature` picks `features/<feature>/locales`; without it, the app's `locales` (or `locales/errors`).
 */
export function localeText(
  key: string,
  { lang = 'sq', feature, errors = false }: { lang?: 'sq' | 'en'; feature?: string; errors?: boolean } = {},
): string {
  const web = path.join(import.meta.dirname, '..', '..', 'packages', 'web', 'src');
  const dir = feature
    ? path.join(web, 'features', feature, 'locales')
    : path.join(web, 'locales', ...(errors ? ['errors'] : []));
  let node: unknown = JSON.parse(readFileSync(path.join(dir, `${lang}.json`), 'utf8'));
  for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  if (typeof node !== 'string') throw new Error(`no text ${key} in ${dir}/${lang}.json`);
  return node;
}
