#!/usr/bin/env node
/**
 * Server layers (docs/architecture.md#boundaries): imports run one way, down this list, and never
 * in a circle.
 *
 *   main → app, cli → modules → plugins → lib → db → config → paths
 *
 * Fails (exit 1), listing each problem, on:
 * - an import that runs back up: `lib`, `db` or `plugins` importing a module, `lib` importing a
 *   plugin, and so on (a file may import its own unit and any unit below it);
 * - a module importing another module's non-public file: a module's public face is its
 *   `service.ts` and the files PUBLIC names below, each with what it offers (the app, which wires
 *   routes, plugins and subscribers, and the CLI tools may import any file);
 * - an import cycle, between modules or between files.
 * Prints the layer map: the modules from the top floor down, each above every module it imports.
 * Tests (`*.test.ts`) are not part of the structure: they may reach anything.
 *
 * Usage: node scripts/check-server-layers.mjs [--quiet]
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const src = join(root, 'packages/server/src');

/** Each unit's layer, lowest first; a unit may import only its own layer's unit and lower ones. */
const LAYERS = [['paths'], ['config'], ['db'], ['lib'], ['plugins'], ['modules'], ['app', 'cli'], ['main']];

/** Files of a module that other modules may import besides `service.ts`, and why. */
const PUBLIC = {
  attendance: {
    'marks.ts': 'late, early, missing and unscheduled marks of a day',
  },
  auth: {
    'worker-logins.ts': "an employee's login, created and changed with the employee",
  },
  employees: {
    'cards.ts': 'cards and clock PINs: who holds a card, what a clock knows of an employee',
    'schedule-history.ts': 'the weekly schedules in force over a range of dates',
    'employment.ts': 'whether an employee is employed on a date',
    'badges.ts': "kiosk PINs and QR badges: whose PIN or badge a kiosk's scan holds",
    'phone-clock.ts': "an employee's overrides of the phone clock rules",
  },
  'employer-settings': {
    'phone-clock.ts': "the employer's phone clock rules and photo retention",
  },
  devices: {
    'protocols.ts': "each device's protocol, which an old scan's origin follows",
  },
  'phone-clock': {
    'review.ts': 'the flagged punches of a day, counted on the RFID day list',
  },
  leave: {
    'on-list.ts': 'the days on leave shown on the hours and RFID lists',
  },
  rfid: {
    'days.ts': 'the days worked from scans',
    'ingest.ts': 'storing scans from any source (devices, clocks, kiosk), each once',
  },
  'month-close': {
    'statement-pay.ts': "the pay figure of one month's statement",
  },
};

const quiet = process.argv.includes('--quiet');

function sourceFiles(dir) {
  const found = [];
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) found.push(...sourceFiles(path));
    else if (path.endsWith('.ts') && !path.endsWith('.test.ts')) found.push(path);
  }
  return found;
}

/** `modules/<name>` for a module's file, else the top folder or file name under src (`lib`, `app`…). */
function unitOf(file) {
  const parts = relative(src, file).split('/');
  return parts[0] === 'modules' ? `modules/${parts[1]}` : parts[0].replace(/\.ts$/, '');
}

function layerOf(unit) {
  const name = unit.startsWith('modules/') ? 'modules' : unit;
  return LAYERS.findIndex((layer) => layer.includes(name));
}

/** Relative imports of a file (static `import … from` and `export … from`), resolved to .ts files. */
function importsOf(file) {
  const text = readFileSync(file, 'utf8');
  const targets = [];
  for (const match of text.matchAll(/^\s*(?:import|export)\s[^;]*?from\s+'(\.{1,2}\/[^']+)'/gms)) {
    let target = resolve(dirname(file), match[1]);
    if (!target.endsWith('.ts')) target = `${target}.ts`;
    targets.push(target);
  }
  return targets;
}

const files = sourceFiles(src);
const fileEdges = new Map(files.map((file) => [file, importsOf(file).filter((target) => target !== file)]));
const problems = [];
const moduleEdges = new Map();

for (const [file, targets] of fileEdges) {
  const from = unitOf(file);
  for (const target of targets) {
    const to = unitOf(target);
    if (from === to) continue;
    const where = `${relative(src, file)} → ${relative(src, target)}`;
    const fromLayer = layerOf(from);
    const toLayer = layerOf(to);
    if (fromLayer < 0 || toLayer < 0) {
      problems.push(`${where}: ${fromLayer < 0 ? from : to} has no layer in scripts/check-server-layers.mjs`);
      continue;
    }
    if (toLayer > fromLayer) problems.push(`${where}: runs back up (${from} is below ${to})`);
    if (from.startsWith('modules/') && to.startsWith('modules/')) {
      const module = to.slice('modules/'.length);
      const name = relative(join(src, to), target);
      if (name !== 'service.ts' && !PUBLIC[module]?.[name]) {
        problems.push(`${where}: not public in ${module} (its service.ts, or a file PUBLIC names)`);
      }
      if (!moduleEdges.has(from)) moduleEdges.set(from, new Set());
      moduleEdges.get(from).add(to);
    }
  }
}
for (const [module, names] of Object.entries(PUBLIC)) {
  for (const name of Object.keys(names)) {
    if (!files.includes(join(src, 'modules', module, name))) {
      problems.push(`scripts/check-server-layers.mjs: PUBLIC names modules/${module}/${name}, which does not exist`);
    }
  }
}

/** Strongly connected components with more than one member, or a member importing itself (Tarjan). */
function cycles(nodes, edgesOf) {
  let counter = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const found = [];
  const visit = (node) => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of edgesOf(node)) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node), low.get(next)));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node), index.get(next)));
      }
    }
    if (low.get(node) === index.get(node)) {
      const component = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const node of nodes) if (!index.has(node)) visit(node);
  return found;
}

const modules = [...new Set(files.map(unitOf).filter((unit) => unit.startsWith('modules/')))].sort();
for (const component of cycles(modules, (module) => [...(moduleEdges.get(module) ?? [])])) {
  problems.push(`module cycle: ${component.join(' ⇄ ')}`);
}
for (const component of cycles(files, (file) =>
  (fileEdges.get(file) ?? []).filter((target) => fileEdges.has(target)),
)) {
  problems.push(`file cycle: ${component.map((file) => relative(src, file)).join(' ⇄ ')}`);
}

// The layer map: each module one floor above the highest module it imports.
const floor = new Map();
const floorOf = (module, seen = new Set()) => {
  if (floor.has(module)) return floor.get(module);
  if (seen.has(module)) return 0;
  seen.add(module);
  const below = [...(moduleEdges.get(module) ?? [])].map((next) => floorOf(next, seen));
  const value = below.length === 0 ? 1 : Math.max(...below) + 1;
  floor.set(module, value);
  return value;
};
for (const module of modules) floorOf(module);

if (!quiet) {
  const top = Math.max(...floor.values());
  console.log('Server layers, from the top: main · app, cli · modules (below) · plugins · lib · db · config · paths');
  for (let level = top; level >= 1; level -= 1) {
    const here = modules.filter((module) => floor.get(module) === level).map((module) => module.slice(8));
    if (here.length > 0) console.log(`  modules floor ${String(level).padStart(2)}: ${here.join(', ')}`);
  }
}
if (problems.length > 0) {
  console.error(`Server layers: ${problems.length} problem(s)`);
  for (const problem of problems) console.error(`  ${problem}`);
  process.exit(1);
}
console.log('Server layers: no import runs back up, modules import only public files, no cycles.');
