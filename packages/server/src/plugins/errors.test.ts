/**
 * The server's own refusals that the web app translates by code: their sentences are still written
 * in the services, so each must stay word for word the catalog's (or name `messages.<code>`), else
 * the error body loses its `code` and the app its Albanian.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { messages, type TMessageCode } from '@puna/domain';
import { describe, expect, it } from 'vitest';

const serverSentences: TMessageCode[] = [
  'emailTaken',
  'emailUnchanged',
  'currentPasswordIncorrect',
  'codeInvalid',
  'codeTooManyWrong',
  'roleExists',
  'deviceTaken',
  'commandsPerPollZktecoOnly',
  'cardTaken',
  'clockPinTaken',
  'attlogPinInvalid',
  'attlogNoDateTime',
  'attlogDateTimeInvalid',
  'attlogTimeOutOfRange',
];

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) return sources(path);
    return entry.endsWith('.ts') && !entry.endsWith('.test.ts') ? [path] : [];
  });
}

describe('server sentences in the message catalog', () => {
  const code = sources(join(dirname(fileURLToPath(import.meta.url)), '..'))
    .map((file) => readFileSync(file, 'utf8'))
    .join('\n');

  it.each(serverSentences)('%s is the sentence a service answers with', (name) => {
    const quoted = [`'${messages[name]}'`, `"${messages[name]}"`, `messages.${name}`];
    expect(quoted.some((text) => code.includes(text))).toBe(true);
  });
});
