#!/usr/bin/env node
// The web app's import boundaries (packages/web/src), checked without dependencies:
//   - a feature does not import another feature: `features/a/**` never imports `features/b/**`
//     (what two features share lives in components/, hooks/ or lib/);
//   - shared code does not import features: `components/**`, `hooks/**` and `lib/**` never import
//     `features/**`.
// Only `app/` (routes and layouts) composes features. Static imports, re-exports and dynamic
// `import()` are checked. Exits 1 listing each offending import as `file:line  specifier`.
//   node scripts/check-web-boundaries.mjs
import fs from 'node:fs';
import path from 'node:path';

const root = path.join(import.meta.dirname, '..');
const src = path.join(root, 'packages/web/src');
const SHARED = ['components', 'hooks', 'lib'];

/** Every .ts/.tsx file under `dir`. */
function sourceFiles(dir) {
  const files = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) files.push(...sourceFiles(full));
    else if (/\.tsx?$/.test(entry.name)) files.push(full);
  }
  return files;
}

/** `['features', 'hours', …]` → the area a path under src/ belongs to: a feature's name, a shared folder, or null. */
function areaOf(file) {
  const [top, second] = path.relative(src, file).split(path.sep);
  if (top === 'features' && second) return { kind: 'feature', name: second };
  if (SHARED.includes(top)) return { kind: 'shared', name: top };
  return null;
}

const IMPORT =
  /(?:\bimport\s+(?:type\s+)?(?:[\w*{}\s,$]+\s+from\s+)?|\bexport\s+(?:type\s+)?[\w*{}\s,$]+\s+from\s+|\bimport\s*\()\s*['"]([^'"]+)['"]/g;

const problems = [];
for (const file of sourceFiles(src)) {
  const from = areaOf(file);
  if (!from) continue;
  const text = fs.readFileSync(file, 'utf8');
  for (const match of text.matchAll(IMPORT)) {
    const specifier = match[1];
    if (!specifier.startsWith('.')) continue;
    const to = areaOf(path.resolve(path.dirname(file), specifier));
    if (to?.kind !== 'feature') continue;
    const refused = (from.kind === 'feature' && from.name !== to.name) || from.kind === 'shared';
    if (!refused) continue;
    const line = text.slice(0, match.index).split('\n').length;
    problems.push(`${path.relative(root, file)}:${line}  ${specifier}`);
  }
}

if (problems.length > 0) {
  console.error(
    `Web import boundaries: ${problems.length} import(s) cross them (a feature imports another feature, ` +
      'or components/, hooks/ or lib/ imports a feature):',
  );
  for (const problem of problems) console.error(`  ${problem}`);
  process.exit(1);
}
console.log('Web import boundaries: no feature imports another feature, no shared code imports a feature.');
