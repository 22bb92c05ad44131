// Builds the web app with Vite in a process of its own (started by suites/web.mjs), so that a quick
// run can build it at a low priority while the other suites run. argv[2]: the output folder. The
// build writes Vite's manifest (`.vite/manifest.json`), which the suite reads.
import path from 'node:path';
import { build } from 'vite';
import { ROOT } from './server.mjs';

const outDir = process.argv[2];
if (!outDir) throw new Error('usage: node web-build.mjs <output folder>');
await build({
  root: path.join(ROOT, 'packages/web'),
  logLevel: 'error',
  // The suite gzips the files itself (level 9); Vite's own report of gzip sizes is not needed.
  build: { outDir, emptyOutDir: true, manifest: true, reportCompressedSize: false },
});
