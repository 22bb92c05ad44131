#!/usr/bin/env node
// Every link into docs/ must land: `docs/<file>.md#<anchor>` cited in a comment or a Markdown page
// must name a heading of that file (by GitHub's heading slug), and the file must exist. Checked
// without dependencies, over the repository's source, scripts and Markdown (node_modules and build
// output skipped). Relative Markdown links inside docs/ and README.md (`[x](product.md#pay)`) are
// checked the same way. Exits 1 listing each broken link as `file:line  link`.
//   node scripts/check-doc-links.mjs
import fs from 'node:fs';
import path from 'node:path';

const root = path.join(import.meta.dirname, '..');
const SKIP = new Set([
  'node_modules',
  'dist',
  '.git',
  'data',
  'backups',
  'test-results',
  'playwright-report',
  'results',
]);
const SOURCE = /\.(ts|tsx|mts|mjs|js|cjs|css|json|md)$/;

/** Every checked file under `dir`. */
function files(dir) {
  const out = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (SKIP.has(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...files(full));
    else if (SOURCE.test(entry.name)) out.push(full);
  }
  return out;
}

/** GitHub's anchor for a heading text: lower case, punctuation dropped, spaces to hyphens. */
function slug(text) {
  return text
    .trim()
    .toLowerCase()
    .replace(/<[^>]+>/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** The anchors of a Markdown file, numbered like GitHub's (`x`, `x-1`, …) when a heading repeats. */
const anchorCache = new Map();
function anchorsOf(file) {
  if (anchorCache.has(file)) return anchorCache.get(file);
  let anchors = null;
  if (fs.existsSync(file)) {
    anchors = new Set();
    const seen = new Map();
    let fenced = false;
    for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
      if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
      const heading = !fenced && /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
      if (!heading) continue;
      const base = slug(heading[1]);
      const count = seen.get(base) ?? 0;
      seen.set(base, count + 1);
      anchors.add(count === 0 ? base : `${base}-${count}`);
    }
  }
  anchorCache.set(file, anchors);
  return anchors;
}

const broken = [];
function check(file, lineNo, target, link) {
  const [doc, anchor] = target.split('#');
  const anchors = anchorsOf(doc);
  if (anchors === null || (anchor !== undefined && anchor !== '' && !anchors.has(anchor))) {
    broken.push(`${path.relative(root, file)}:${lineNo}  ${link}`);
  }
}

const self = path.join(root, 'scripts', 'check-doc-links.mjs');
for (const file of files(root)) {
  if (file === self) continue;
  const isMarkdown = file.endsWith('.md');
  const lines = fs.readFileSync(file, 'utf8').split('\n');
  lines.forEach((line, index) => {
    // A citation from anywhere: docs/<file>.md#anchor, taken from the repository's root.
    for (const match of line.matchAll(/(?<![\w./-])docs\/([\w.-]+\.md)(#[\p{L}\p{N}_-]+)?/gu)) {
      if (isMarkdown && line.slice(0, match.index).endsWith('](')) continue; // a Markdown link: below
      check(file, index + 1, path.join(root, 'docs', match[1]) + (match[2] ?? ''), match[0]);
    }
    if (!isMarkdown) return;
    // A Markdown link to a local .md page, relative to the page it is in.
    for (const match of line.matchAll(/\]\(([^)\s]*?\.md)?(#[^)\s]*)?\)/g)) {
      if (!match[1] && !match[2]) continue;
      if (match[1] && /^[a-z]+:/i.test(match[1])) continue;
      const target = match[1] ? path.join(path.dirname(file), match[1]) : file;
      check(file, index + 1, target + (match[2] ?? ''), match[0].slice(1));
    }
  });
}

if (broken.length > 0) {
  console.error(`Broken links into docs (${broken.length}):`);
  for (const line of broken) console.error(`  ${line}`);
  process.exit(1);
}
console.log('Every link into docs/ names an existing page and heading.');
