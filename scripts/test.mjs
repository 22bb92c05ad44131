#!/usr/bin/env node
// `npm test`: the whole suite — unit and integration on PGlite; then the browser end-to-end suite in
// Debian's Chromium and, at the same time, the integration suite on PostgreSQL when TEST_DATABASE_URL is set.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const isCI = process.env.CI === 'true' || process.env.CI === '1';
const reports = fs.mkdtempSync(path.join(os.tmpdir(), 'puna-test-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
const stages = [];

function run(label, command, args, env = {}) {
  console.log(`\n=== ${label} ===`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  const ok = result.status === 0;
  stages.push({ label, ok, seconds: (Date.now() - started) / 1000 });
  return ok;
}

/**
 * Runs a stage in the background with its output kept in a file, printed once it ends: the
 * PostgreSQL half mostly waits on the database server, so it runs beside the PGlite half.
 */
function runInBackground(label, command, args, env = {}) {
  const log = path.join(reports, `${label.replace(/\W+/g, '-')}.log`);
  const out = fs.openSync(log, 'w');
  const started = Date.now();
  const child = spawn(command, args, { cwd: root, stdio: ['ignore', out, out], env: { ...process.env, ...env } });
  return new Promise((resolve) => {
    child.on('close', (status) => {
      fs.closeSync(out);
      console.log(`\n=== ${label} (ran beside the stages above) ===`);
      process.stdout.write(fs.readFileSync(log, 'utf8'));
      const ok = status === 0;
      stages.push({ label, ok, seconds: (Date.now() - started) / 1000 });
      resolve(ok);
    });
  });
}

function vitestArgs(args, report) {
  return ['vitest', 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`];
}

function addVitestReport(file) {
  if (!fs.existsSync(file)) return;
  const report = JSON.parse(fs.readFileSync(file, 'utf8'));
  totals.passed += report.numPassedTests ?? 0;
  totals.failed += report.numFailedTests ?? 0;
  totals.skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
}

function addPlaywrightReport(file) {
  if (!fs.existsSync(file)) return;
  const { stats } = JSON.parse(fs.readFileSync(file, 'utf8'));
  totals.passed += (stats?.expected ?? 0) + (stats?.flaky ?? 0);
  totals.failed += stats?.unexpected ?? 0;
  totals.skipped += stats?.skipped ?? 0;
}

/**
 * Finds the browser for the browser suite: Debian's headless shell of Chromium (the same Chromium
 * without its windowing parts: the suite takes about two thirds of the time and half the browser
 * CPU it takes in the full `chromium`), else the full `chromium`. Installs Debian's packages when
 * we are root with apt; null when neither can be had.
 */
function ensureChromium() {
  const shell = '/usr/lib/chromium/chromium-headless-shell';
  const candidates = [process.env.CHROMIUM_PATH, shell, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(
    Boolean,
  );
  const found = () => candidates.find((candidate) => fs.existsSync(candidate));
  if (process.env.CHROMIUM_PATH || fs.existsSync(shell)) return found() ?? null;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const hasApt = fs.existsSync('/usr/bin/apt-get');
  if (isRoot && hasApt) {
    console.log("\nInstalling Debian's chromium-headless-shell package for the browser suite…");
    spawnSync('apt-get', ['update'], { stdio: 'inherit' });
    spawnSync('apt-get', ['install', '-y', '--no-install-recommends', 'chromium-headless-shell'], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    if (!found()) {
      spawnSync('apt-get', ['install', '-y', '--no-install-recommends', 'chromium'], {
        stdio: 'inherit',
        env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
      });
    }
  }
  if (found()) return found();
  console.log(
    '\nThe browser suite needs Chromium. Install it (Debian/Ubuntu: `sudo apt-get install chromium-headless-shell` ' +
      'or `chromium`) or set CHROMIUM_PATH to a Chromium/Chrome binary, then run `npm test` again.',
  );
  return null;
}

const pgliteReport = path.join(reports, 'vitest-pglite.json');
const postgresReport = path.join(reports, 'vitest-postgres.json');
// Vitest runs one file at a time on a 2-core machine (it keeps a core free: cores − 1 workers); the
// PGlite half has the machine to itself, so it takes every core (133 s → 96 s on 2 cores).
const cores = os.availableParallelism?.() ?? os.cpus().length;
run('Unit and integration tests (PGlite)', 'npx', vitestArgs([`--maxWorkers=${cores}`], pgliteReport));
addVitestReport(pgliteReport);

// The PostgreSQL half runs beside the build and the browser stage, not beside the PGlite half: both
// vitest halves keep the two cores busy, while the browser stage leaves about a third of them idle
// (pages waiting on the server, the server on its database). See docs/testing.md#suite-duration.
const postgresStage = process.env.TEST_DATABASE_URL
  ? runInBackground(
      'Integration tests (PostgreSQL at TEST_DATABASE_URL)',
      'npx',
      // Its files mostly wait on the database server: two at a time (Vitest's default is one on
      // two cores) took the PostgreSQL half from 538 s to the figure in docs/testing.md#suite-duration.
      vitestArgs(['--project', 'server', '--maxWorkers=2'], postgresReport),
      { PUNA_TEST_DB: 'postgres' },
    )
  : null;
if (!postgresStage) {
  console.log('\n(TEST_DATABASE_URL is not set: the PostgreSQL half of the integration suite is not run.)');
}

const chromium = ensureChromium();
if (chromium) {
  if (run('Build', 'npm', ['run', 'build'])) {
    const report = path.join(reports, 'playwright.json');
    run('Browser end-to-end tests (Chromium)', 'npm', ['test', '-w', '@puna/e2e', '--', '--reporter=list,json'], {
      CHROMIUM_PATH: chromium,
      PLAYWRIGHT_JSON_OUTPUT_NAME: report,
    });
    addPlaywrightReport(report);
  }
} else {
  stages.push({ label: 'Browser end-to-end tests (skipped: no Chromium)', ok: !isCI });
}
if (postgresStage) {
  await postgresStage;
  addVitestReport(postgresReport);
}

console.log('\n=== Summary ===');
for (const stage of stages) {
  const took = stage.seconds === undefined ? '' : ` (${Math.round(stage.seconds)} s)`;
  console.log(`${stage.ok ? 'ok  ' : 'FAIL'}  ${stage.label}${took}`);
}
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(stages.every((stage) => stage.ok) ? 0 : 1);
