#!/usr/bin/env node
// `npm run bench`: every suite, full size, with targets. `npm run bench -- --quick`: a fast smoke run
// (small N, no targets). `--only <suite>` runs one suite; `--no-build` skips rebuilding the server.
// Writes bench/results/latest.md (a table) and latest.json.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { resultRow } from './lib/rows.mjs';
import { ROOT } from './lib/server.mjs';
import { formatTable } from './lib/table.mjs';
import chatFanout from './suites/chat-fanout.mjs';
import clockUpload from './suites/clock-upload.mjs';
import http from './suites/http.mjs';
import monthWave from './suites/month-wave.mjs';
import payroll from './suites/payroll.mjs';
import payslips from './suites/payslips.mjs';
import phonePunch from './suites/phone-punch.mjs';
import push3Ingestion from './suites/push3-ingestion.mjs';
import reads from './suites/reads.mjs';
import roster from './suites/roster.mjs';
import scanIngestion from './suites/scan-ingestion.mjs';
import soak from './suites/soak.mjs';
import startup from './suites/startup.mjs';
import web from './suites/web.mjs';

/** @typedef {import('./lib/types.mjs').Row} Row */

/**
 * Each suite: `{ name, run({ quick, log, note }) → rows }`; add new ones here.
 * @type {import('./lib/types.mjs').Suite[]}
 */
// startup comes first: a quick run's other suites start PGlite from a copy of its first start's folder.
const SUITES = [
  startup,
  scanIngestion,
  http,
  reads,
  payroll,
  roster,
  payslips,
  monthWave,
  phonePunch,
  soak,
  clockUpload,
  push3Ingestion,
  web,
  chatFanout,
];

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

/** @type {Row[]} */
const rows = [];
/**
 * Notes for the header (e.g. the server and the load generator could not be pinned to cores).
 * @type {Set<string>}
 */
const notes = new Set();
/** @type {import('./lib/types.mjs').SuiteContext} */
const context = { quick, log: (line) => console.log(`  ${line}`), note: (text) => notes.add(text) };
const runStarted = Date.now();
// Work that overlaps the suites before it (a quick run's web build); a failure shows in the suite's run.
for (const suite of selected) {
  try {
    suite.prepare?.(context);
  } catch (error) {
    console.error(error);
  }
}
/**
 * Runs one suite; its progress lines go to `print` (the console, or a buffer for a lane).
 * @param {import('./lib/types.mjs').Suite} suite
 * @param {(line: string) => void} print
 * @returns {Promise<Row[]>}
 */
async function runSuite(suite, print) {
  print(`\n▶ ${suite.name}${quick ? ' (quick)' : ''}`);
  const started = Date.now();
  /** @type {Row[]} */
  let suiteRows;
  try {
    suiteRows = await suite.run({ ...context, log: (line) => print(`  ${line}`) });
  } catch (error) {
    // A crashed suite (a server that died, a failed request) is a failed run; the others still run.
    print(String(error instanceof Error ? (error.stack ?? error.message) : error));
    const metric = `CRASHED: ${(error instanceof Error ? error.message : String(error)).split('\n')[0]}`;
    suiteRows = [resultRow(suite.name, metric, null, null, null, { ok: false })];
  }
  print(`  done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return suiteRows;
}

// A quick run is a smoke test whose figures have no targets, and one suite leaves about half of two
// cores idle (its server and load generator often wait): after startup, whose data folder the
// others copy, it runs two suites at a time, unpinned, each one's lines printed when it ends
// (docs/testing.md#suite-duration). A full run measures one suite at a time, pinned.
const lanes = quick && selected.length > 2 && os.availableParallelism() >= 2 && process.env.PUNA_BENCH_LANES !== '1';
if (lanes) {
  process.env.PUNA_BENCH_PIN = 'off';
  const [first, ...rest] = selected[0] === startup ? selected : [null, ...selected];
  if (first) rows.push(...(await runSuite(first, (line) => console.log(line))));
  /** @type {Row[][]} */
  const bySuite = rest.map(() => []);
  let next = 0;
  const lane = async () => {
    while (next < rest.length) {
      const index = next;
      next += 1;
      /** @type {string[]} */
      const lines = [];
      bySuite[index] = await runSuite(/** @type {import('./lib/types.mjs').Suite} */ (rest[index]), (line) =>
        lines.push(line),
      );
      console.log(lines.join('\n'));
    }
  };
  await Promise.all([lane(), lane()]);
  rows.push(...bySuite.flat());
} else {
  for (const suite of selected) rows.push(...(await runSuite(suite, (line) => console.log(line))));
}
console.log(`\nAll ${selected.length} suites done in ${((Date.now() - runStarted) / 1000).toFixed(1)} s`);

/** @type {string | null} */
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
  load: Number((os.loadavg()[0] ?? 0).toFixed(1)),
  notes: [...notes],
};
const busy = meta.load > os.cpus().length;
const table = formatTable(rows);
const resultsDir = path.join(ROOT, 'bench/results');
fs.mkdirSync(resultsDir, { recursive: true });
fs.writeFileSync(path.join(resultsDir, 'latest.json'), `${JSON.stringify({ ...meta, rows }, null, 2)}\n`);
fs.writeFileSync(
  path.join(resultsDir, 'latest.md'),
  `# Benchmark results\n\n${meta.date} · commit ${meta.commit ?? '—'} · ${quick ? 'quick run (no targets)' : 'full run'} · Node ${meta.node} · ${meta.cpus} · load ${meta.load}\n\n${meta.notes.map((text) => `> ${text}\n\n`).join('')}${table}\n`,
);
console.log(`\n${table}\n\nWritten to bench/results/latest.md and latest.json`);
if (busy)
  console.log(`Load average ${meta.load} on ${os.cpus().length} CPUs: other work shared the machine; rates are low.`);
// Errors (a crash, a non-2xx answer, a soak error) fail every run, quick ones too; missed targets only with --check.
const failed = rows.filter((row) => row.ok === false);
if (failed.length > 0) {
  console.log(
    `\nFAILED: ${failed.map((row) => `${row.suite} · ${row.metric}${row.db ? ` (${row.db})` : ''}`).join('; ')}`,
  );
  process.exit(1);
}
if (args.includes('--check') && rows.some((row) => row.met === false)) process.exit(1);
