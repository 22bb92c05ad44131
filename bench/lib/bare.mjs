import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
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
  const [command, ...prefix] = [...pin, process.execPath];
  const child = spawn(command, [...prefix, path.join(HERE, 'bare-server.mjs'), job], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  /** @type {number} */
  const port = await new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const match = out.match(/listening on (\d+)/);
      if (match) resolve(Number(match[1]));
    });
    child.once('exit', (code) => reject(new Error(`the bare handler exited with code ${code}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
