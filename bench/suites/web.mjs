import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { build } from 'vite';
import { jsonClient } from '../lib/http.mjs';
import { rowsOf } from '../lib/rows.mjs';
import { ROOT, startServer } from '../lib/server.mjs';
import { createPremiumEmployer } from '../lib/workspace.mjs';

const WEB_BUILD = fileURLToPath(new URL('../lib/web-build.mjs', import.meta.url));
const row = rowsOf('web');
/** Inside the repository, so the baseline's build resolves react from its node_modules. */
const SCRATCH_ROOT = path.join(ROOT, 'bench/results/web.tmp');
/**
 * The browser Lighthouse drives: CHROMIUM_PATH, else Debian's headless shell of Chromium (what
 * `npm test` installs, docs/testing.md), else its full Chromium.
 */
const CHROMIUM =
  process.env.CHROMIUM_PATH ||
  ['/usr/lib/chromium/chromium-headless-shell', '/usr/bin/chromium'].find((candidate) => fs.existsSync(candidate)) ||
  '/usr/bin/chromium';
/** The session cookie the server sets at login (packages/server/src/plugins/auth.ts). */
const SESSION_COOKIE = 'puna_session';

/** @typedef {import('../lib/types.mjs').Row} Row */
/** @typedef {import('vite').Manifest} Manifest */

/**
 * What each area's first page downloads, as entries of Vite's manifest (source paths), besides the
 * entry chunk (`index.html`). A visitor's language is Albanian (the default), so the Albanian texts.
 * Every area but the public pages opens with the error sentences (`src/app/router.tsx` waits for
 * them); every signed-in area inside session-area (the query cache and the route guard) and with the
 * features' texts.
 */
const ERRORS = 'src/locales/errors/sq.json';
const SIGNED_IN = ['src/app/routes/session-area.tsx', ERRORS, 'src/locales/features-sq.ts'];
/** @type {{ area: string, chunks: string[], targetKb?: number }[]} */
const AREAS = [
  { area: 'public', chunks: ['src/app/routes/public-area.tsx'], targetKb: 100 },
  { area: 'auth', chunks: ['src/app/routes/session-area.tsx', ERRORS, 'src/app/routes/auth-area.tsx'] },
  { area: 'employer', chunks: [...SIGNED_IN, 'src/app/routes/employer-area.tsx'], targetKb: 200 },
  { area: 'worker', chunks: [...SIGNED_IN, 'src/app/routes/worker-area.tsx'] },
  { area: 'admin', chunks: [...SIGNED_IN, 'src/app/routes/admin-area.tsx'] },
  { area: 'subscription', chunks: [...SIGNED_IN, 'src/app/routes/subscription-area.tsx'] },
  { area: 'kiosk', chunks: [...SIGNED_IN, 'src/app/routes/kiosk-area.tsx'] },
];

/**
 * Lighthouse pages; the employer's dashboard with a signed-in employer's cookie.
 * @type {{ page: string, path: string, target?: number, lcpTargetMs?: number, signedIn?: boolean }[]}
 */
const PAGES = [
  { page: 'landing /', path: '/', target: 95 },
  { page: 'login /login', path: '/login' },
  // Issue 17: the employer's first screen scores ≥ 90 with its LCP ≤ 2.5 s.
  { page: 'employer dashboard /kryepuntor', path: '/kryepuntor', signedIn: true, target: 90, lcpTargetMs: 2500 },
];

/** @param {string} file */
const gzipSize = (file) => zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;
/** @param {number} bytes */
const kb = (bytes) => Number((bytes / 1024).toFixed(1));

/**
 * Web: the gzip size (level 9) of the JavaScript each area's first page downloads, from the Vite
 * build's manifest, against a bare React + ReactDOM hello world built by the same Vite; and the
 * Lighthouse performance score (mobile preset, simulated throttling) of the landing page, the login
 * page and the employer's dashboard, served by the built server in Debian's Chromium.
 * @type {import('../lib/types.mjs').Suite}
 */
export default {
  name: 'web',
  prepare({ quick }) {
    // A quick run starts the build now, at a low priority: it takes the CPU the other suites leave
    // (the server and the load generator are each pinned to one core and often wait).
    if (quick) early = startBuild(true);
  },
  async run({ quick, log, note }) {
    const { scratch, distDir, built } = early ?? startBuild(false);
    early = null;
    try {
      log(quick ? 'waiting for the web build (Vite) started with the run…' : 'building the web app (Vite)…');
      await built;
      // A quick run skips the baseline's build (no ratios) and scores the landing page only.
      const rows = sizeRows(distDir, quick, log, quick ? null : await baselineBytes(scratch));
      if (quick)
        note(
          'web: a quick run builds no baseline and scores the landing page only with Lighthouse (/login and /kryepuntor in a full run)',
        );
      rows.push(...(await lighthouseRows(distDir, quick, log)));
      return rows;
    } finally {
      fs.rmSync(scratch, { recursive: true, force: true });
      try {
        fs.rmdirSync(SCRATCH_ROOT);
      } catch {
        // another run's scratch folder is still in it
      }
    }
  },
};

/**
 * A build of the web app under way: its scratch folder, its output folder and its end.
 * @typedef {{ scratch: string, distDir: string, built: Promise<void> }} Build
 */

/**
 * A quick run's build, started by `prepare` before the first suite.
 * @type {Build | null}
 */
let early = null;

/**
 * Builds the web app, as the code is now, into a scratch folder of its own: packages/web/dist is
 * shared (the browser suite may be rebuilding or serving it), so --no-build does not apply here.
 * The build runs in a child process (lib/web-build.mjs); `background` lowers its priority.
 * @param {boolean} background
 * @returns {Build}
 */
function startBuild(background) {
  fs.mkdirSync(SCRATCH_ROOT, { recursive: true });
  const scratch = fs.mkdtempSync(path.join(SCRATCH_ROOT, 'run-'));
  const distDir = path.join(scratch, 'dist');
  const child = spawn(process.execPath, [WEB_BUILD, distDir], { stdio: ['ignore', 'ignore', 'pipe'] });
  if (background && child.pid !== undefined) {
    try {
      os.setPriority(child.pid, 10);
    } catch {
      // not allowed here: it builds at the normal priority
    }
  }
  let stderr = '';
  child.stderr.on('data', (chunk) => {
    stderr = (stderr + chunk).slice(-4000);
  });
  // A bench that ends early (a crash) does not leave the build running.
  const stop = () => child.kill();
  process.once('exit', stop);
  /** @type {Promise<void>} */
  const built = new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => {
      process.off('exit', stop);
      if (code === 0) resolve();
      else reject(new Error(`the web build failed (exit code ${code})\n${stderr}`));
    });
  });
  // Awaited by `run`, which reports a failure; until then it must not count as unhandled.
  built.catch(() => {});
  return { scratch, distDir, built };
}

/**
 * @param {string} distDir
 * @returns {Manifest}
 */
function readManifest(distDir) {
  const file = path.join(distDir, '.vite/manifest.json');
  if (!fs.existsSync(file)) throw new Error(`${file} is missing: the build wrote no manifest`);
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

/**
 * The dynamic entry made from a source file when the manifest does not list it by its path: an area
 * whose chunk another lazily loaded chunk imports from (the dashboard's tolerance dialog imports the
 * employer area's modules) is keyed by its chunk name, `_employer-area-<hash>.js`, with `name` set.
 * @param {Manifest} manifest
 * @param {string} source
 */
function chunkNamed(manifest, source) {
  const name = path.basename(source).replace(/\.[^.]+$/, '');
  return Object.values(manifest).find((entry) => entry.isDynamicEntry && entry.name === name && !entry.src);
}

/**
 * The JavaScript files of `keys` and of everything they import statically, once each.
 * @param {Manifest} manifest
 * @param {string[]} keys
 */
function jsClosure(manifest, keys) {
  /** @type {Set<string>} */
  const files = new Set();
  /** @param {string} key */
  const visit = (key) => {
    const entry = manifest[key] ?? chunkNamed(manifest, key);
    if (!entry) throw new Error(`${key} is not in the web build's manifest`);
    if (files.has(entry.file)) return;
    files.add(entry.file);
    for (const imported of entry.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return [...files].filter((file) => file.endsWith('.js'));
}

/**
 * @param {string} distDir
 * @param {boolean} quick
 * @param {(line: string) => void} log
 * @param {number | null} baseline bytes; null: not built (a quick run)
 * @returns {Row[]}
 */
function sizeRows(distDir, quick, log, baseline) {
  const manifest = readManifest(distDir);
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entryKey) throw new Error('the web build has no entry chunk');
  /** @type {Row[]} */
  const rows = [];
  if (baseline !== null) {
    rows.push(row('initial JS, bare React + ReactDOM hello world (baseline)', null, kb(baseline), 'KB gzip'));
  }
  for (const { area, chunks, targetKb } of AREAS) {
    const files = jsClosure(manifest, [entryKey, 'src/locales/sq.json', ...chunks]);
    const bytes = files.reduce((sum, file) => sum + gzipSize(path.join(distDir, file)), 0);
    log(`${area}: ${files.length} files, ${kb(bytes)} KB gzip`);
    const target = quick || !targetKb ? null : `≤ ${targetKb}`;
    rows.push(
      row(`initial JS, ${area} area (${files.length} files)`, null, kb(bytes), 'KB gzip', {
        baseline: baseline === null ? null : kb(baseline),
        ratio: baseline === null ? null : Number((bytes / baseline).toFixed(2)),
        target,
        met: target === null || !targetKb ? null : bytes <= targetKb * 1024,
      }),
    );
  }
  return rows;
}

/**
 * A bare React 19 + ReactDOM client rendering one paragraph, built by the same Vite (minified).
 * @param {string} scratch
 * @returns {Promise<number>} bytes, gzip
 */
async function baselineBytes(scratch) {
  const dir = path.join(scratch, 'baseline');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html><body><div id="root"></div><script type="module" src="./main.js"></script></body></html>',
  );
  fs.writeFileSync(
    path.join(dir, 'main.js'),
    "import { createElement } from 'react';\nimport { createRoot } from 'react-dom/client';\n" +
      "createRoot(document.getElementById('root')).render(createElement('p', null, 'Hello'));\n",
  );
  const outDir = path.join(dir, 'dist');
  await build({
    root: dir,
    configFile: false,
    logLevel: 'error',
    build: { outDir, emptyOutDir: true, reportCompressedSize: false },
  });
  const assets = path.join(outDir, 'assets');
  return fs
    .readdirSync(assets)
    .filter((file) => file.endsWith('.js'))
    .reduce((sum, file) => sum + gzipSize(path.join(assets, file)), 0);
}

/**
 * One Lighthouse run (performance only). A run whose trace came out broken (Lighthouse's
 * NO_NAVSTART and the like, which it says to run again) is run once more.
 * @param {string} url
 * @param {number} port Chromium's debugging port
 * @param {Record<string, string> | undefined} extraHeaders
 * @param {(line: string) => void} log
 */
async function runLighthouse(url, port, extraHeaders, log) {
  for (let attempt = 1; ; attempt += 1) {
    const result = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      ...(extraHeaders ? { extraHeaders } : {}),
    });
    if (!result) throw new Error(`Lighthouse on ${url} gave no result`);
    const { lhr } = result;
    if (!lhr.runtimeError) return lhr;
    if (attempt === 2) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
    log(`Lighthouse on ${url}: ${lhr.runtimeError.code}, running it again`);
  }
}

/**
 * @param {string} distDir
 * @param {boolean} quick
 * @param {(line: string) => void} log
 * @returns {Promise<Row[]>}
 */
async function lighthouseRows(distDir, quick, log) {
  if (!fs.existsSync(CHROMIUM)) {
    log(`${CHROMIUM} not found (set CHROMIUM_PATH): Lighthouse skipped`);
    return [];
  }
  // A quick run scores the landing page only; the full run all three pages.
  const pages = quick ? PAGES.slice(0, 1) : PAGES;
  const server = await startServer({ env: { WEB_DIST_DIR: distDir }, migrated: quick });
  const client = jsonClient(server.url, { connections: 2 });
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'puna-lighthouse-'));
  let chrome;
  try {
    const cookie = pages.some((page) => page.signedIn)
      ? `${SESSION_COOKIE}=${(await createPremiumEmployer(server, client)).headers.authorization.slice('Bearer '.length)}`
      : null;
    chrome = await chromeLauncher.launch({
      chromePath: CHROMIUM,
      userDataDir: profile,
      chromeFlags: [
        '--headless=new',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    });
    /** @type {Row[]} */
    const rows = [];
    for (const { page, path: pagePath, target, lcpTargetMs, signedIn } of pages) {
      const headers = signedIn && cookie ? { cookie } : undefined;
      const lhr = await runLighthouse(`${server.url}${pagePath}`, chrome.port, headers, log);
      const finalPath = new URL(lhr.finalDisplayedUrl).pathname;
      // PUNA_BENCH_LHR_DIR: each page's whole Lighthouse report, for a look at its long tasks and scripts.
      const reportDir = process.env.PUNA_BENCH_LHR_DIR;
      if (reportDir) {
        fs.mkdirSync(reportDir, { recursive: true });
        fs.writeFileSync(path.join(reportDir, `${page.replace(/\W+/g, '-')}.json`), JSON.stringify(lhr));
      }
      if (finalPath !== pagePath) throw new Error(`Lighthouse on ${pagePath} ended on ${finalPath}`);
      const performance = lhr.categories.performance?.score;
      if (performance === null || performance === undefined) throw new Error(`Lighthouse on ${pagePath}: no score`);
      const score = Math.round(performance * 100);
      /** @param {string} id */
      const audit = (id) => lhr.audits[id]?.numericValue ?? 0;
      log(
        `${page}: score ${score}, FCP ${Math.round(audit('first-contentful-paint'))} ms, ` +
          `LCP ${Math.round(audit('largest-contentful-paint'))} ms, TBT ${Math.round(audit('total-blocking-time'))} ms, ` +
          `CLS ${audit('cumulative-layout-shift').toFixed(3)}`,
      );
      const rowTarget = quick || !target ? null : target;
      const lcp = Math.round(audit('largest-contentful-paint'));
      const lcpTarget = quick || !lcpTargetMs ? null : lcpTargetMs;
      rows.push(
        row(`Lighthouse performance, ${page}`, null, score, 'score', {
          target: rowTarget,
          met: rowTarget === null ? null : score >= rowTarget,
        }),
        row(`Lighthouse LCP, ${page}`, null, lcp, 'ms', {
          target: lcpTarget === null ? null : `≤ ${lcpTarget}`,
          met: lcpTarget === null ? null : lcp <= lcpTarget,
        }),
      );
    }
    return rows;
  } finally {
    await chrome?.kill();
    client.close();
    await server.stop();
    fs.rmSync(profile, { recursive: true, force: true });
  }
}
