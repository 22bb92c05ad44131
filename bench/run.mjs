#!/usr/bin/env node
// `npm run bench`: every suite, full size, with targets. `npm run bench -- --quick`: a fast smoke run
// (small N, no targets). `--only <suite>` runs one suite; `--no-build` skips rebuilding the server.
// Writes bench/results/latest.md (a table) and latest.json.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from './lib/server.mjs';
import { formatTable } from './lib/table.mjs';
import scanIngestion from './suites/scan-ingestion.mjs';

/** Each suite: `{ name, run({ quick, log }) → rows }`; add new ones here. */
const SUITES = [scanIngestion];

const args = process.argv.slice(2);
const quick = args.includes('--quick');
const only = args.includes('--only') ? args[args.indexOf('--only') + 1] : null;
const selected = SUITES.filter((suite) => !only || suite.name === only);
if (selected.length === 0) {
  console.error(`No suite named ${only}. Suites: ${SUITES.map((suite) => suite.name).join(', ')}`);
  process.exit(2);
}

if (!args.includes('--no-build')) {
  // Measure the code as it is now: the server bundle is rebuilt (esbuild, a second or two).
  const build = spawnSync('npm', ['run', 'build', '-w', '@puna/server'], { cwd: ROOT, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const rows = [];
for (const suite of selected) {
  console.log(`\n▶ ${suite.name}${quick ? ' (quick)' : ''}`);
  const started = Date.now();
  rows.push(...(await suite.run({ quick, log: (line) => console.log(`  ${line}`) })));
  console.log(`  done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

let commit = null;
try {
  commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim();
} catch {
  // not a git checkout
}
const meta = {
  date: new Date().toISOString(),
  commit,
  quick,
  node: process.version,
  cpus: `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'unknown'}`,
  /** The 1-minute load average at the end: above the core count, other work shared the CPUs. */
  load: Number(os.loadavg()[0].toFixed(1)),
};
const busy = meta.load > os.cpus().length;
const table = formatTable(rows);
const resultsDir = path.join(ROOT, 'bench/results');
fs.mkdirSync(resultsDir, { recursive: true });
fs.writeFileSync(path.join(resultsDir, 'latest.json'), `${JSON.stringify({ ...meta, rows }, null, 2)}\n`);
fs.writeFileSync(
  path.join(resultsDir, 'latest.md'),
  `# Benchmark results\n\n${meta.date} · commit ${meta.commit ?? '—'} · ${quick ? 'quick run (no targets)' : 'full run'} · Node ${meta.node} · ${meta.cpus} · load ${meta.load}\n\n${table}\n`,
);
console.log(`\n${table}\n\nWritten to bench/results/latest.md and latest.json`);
if (busy)
  console.log(`Load average ${meta.load} on ${os.cpus().length} CPUs: other work shared the machine; rates are low.`);
if (args.includes('--check') && rows.some((row) => row.met === false)) process.exit(1);
