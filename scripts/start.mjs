#!/usr/bin/env node
// `npm start` / `npm run demo`: builds what is missing or out of date, then runs the server in
// this very process (so SIGTERM/SIGINT reach it directly).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serverEntry = path.join(root, 'packages/server/dist/main.js');
const webIndex = path.join(root, 'packages/web/dist/index.html');
const sources = [
  'packages/domain/src',
  'packages/server/src',
  'packages/web/src',
  'packages/web/public',
  'packages/web/index.html',
];

function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

function builtAt(file) {
  return fs.existsSync(file) ? fs.statSync(file).mtimeMs : 0;
}

const sourceTime = Math.max(...sources.map((source) => newestMtime(path.join(root, source))));
const outputTime = Math.min(builtAt(serverEntry), builtAt(webIndex));
if (outputTime === 0 || sourceTime > outputTime) {
  console.log('Building Puna (web app and server)…');
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

await import(pathToFileURL(serverEntry).href);
