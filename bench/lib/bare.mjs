import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startListening } from './load.mjs';
import { ROOT } from './server.mjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));

/** @type {Promise<string> | null} */
let bundled = null;

/**
 * The domain rules the bare handler (lib/bare-server.mjs) applies to its rows, bundled once per
 * bench run from the TypeScript the server bundles too (`@puna/domain`, and `instantOf` of the
 * server's zoned time), by the server's esbuild; removed when the bench exits. Resolves its path.
 * @returns {Promise<string>}
 */
export function bareDomain() {
  bundled ??= (async () => {
    const require = createRequire(path.join(ROOT, 'packages/server/package.json'));
    /** @type {{ build: (options: object) => Promise<unknown> }} */
    const esbuild = require('esbuild');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'puna-bench-bare-'));
    process.once('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
    const outfile = path.join(dir, 'domain.mjs');
    await esbuild.build({
      stdin: {
        contents: [
          "export * from './packages/domain/src/index.ts';",
          "export { instantOf } from './packages/server/src/lib/zoned-time.ts';",
        ].join('\n'),
        resolveDir: ROOT,
        loader: 'ts',
      },
      outfile,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      nodePaths: [path.join(ROOT, 'node_modules')],
      logLevel: 'warning',
    });
    return outfile;
  })();
  return bundled;
}

/**
 * Starts the bare handler (lib/bare-server.mjs) on the server's core: on PostgreSQL at
 * `databaseUrl`, or on PGlite in `dataDir` (a stopped server's folder). Resolves `{ url, pid, stop }`.
 * @param {{ databaseUrl: string | null, dataDir: string, pin: string[] }} options
 */
export async function startBare({ databaseUrl, dataDir, pin }) {
  const job = JSON.stringify({ databaseUrl, dataDir, domain: await bareDomain() });
  return startListening({ script: path.join(HERE, 'bare-server.mjs'), args: [job], pin, what: 'the bare handler' });
}
