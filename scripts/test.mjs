#!/usr/bin/env node
// `npm test`: the whole suite — unit and integration (PGlite, then PostgreSQL when
// TEST_DATABASE_URL is set) and the browser end-to-end suite in Debian's Chromium.
import { spawnSync } from 'node:child_process';
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
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  const ok = result.status === 0;
  stages.push({ label, ok });
  return ok;
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

function vitest(label, args, env, reportName) {
  const report = path.join(reports, reportName);
  const ok = run(
    label,
    'npx',
    ['vitest', 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
    env,
  );
  addVitestReport(report);
  return ok;
}

/** Finds Chromium, installing Debian's package when we are root with apt; null when unavailable. */
function ensureChromium() {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean);
  const found = () => candidates.find((candidate) => fs.existsSync(candidate));
  if (found()) return found();
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const hasApt = fs.existsSync('/usr/bin/apt-get');
  if (isRoot && hasApt) {
    console.log("\nChromium is missing: installing Debian's chromium package…");
    spawnSync('apt-get', ['update'], { stdio: 'inherit' });
    spawnSync('apt-get', ['install', '-y', '--no-install-recommends', 'chromium'], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    if (found()) return found();
  }
  console.log(
    '\nThe browser suite needs Chromium. Install it (Debian/Ubuntu: `sudo apt-get install chromium`) ' +
      'or set CHROMIUM_PATH to a Chromium/Chrome binary, then run `npm test` again.',
  );
  return null;
}

vitest('Unit and integration tests (PGlite)', [], {}, 'vitest-pglite.json');

if (process.env.TEST_DATABASE_URL) {
  vitest(
    'Integration tests (PostgreSQL at TEST_DATABASE_URL)',
    ['--project', 'server'],
    { PUNA_TEST_DB: 'postgres' },
    'vitest-postgres.json',
  );
} else {
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

console.log('\n=== Summary ===');
for (const stage of stages) console.log(`${stage.ok ? 'ok  ' : 'FAIL'}  ${stage.label}`);
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(stages.every((stage) => stage.ok) ? 0 : 1);
