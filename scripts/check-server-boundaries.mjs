#!/usr/bin/env node
/**
 * Server module boundaries: a feature module (packages/server/src/modules/<module>/**) may import
 * from db/schema only the tables its module owns. Another module's rows are reached through that
 * module's service. Exits 1 listing every violation.
 *
 * Exempt, as shared infrastructure: src/plugins (sessions, rate limits, push, realtime adapter,
 * audit hook), src/db (migrations, backup), src/cli (demo data and maintenance tools run outside
 * the app) and src/lib. They sit below or beside the modules and are not owned by any feature.
 * Tests beside a module (`*.test.ts`) may read any table: they check what a request left behind.
 *
 * Usage: node scripts/check-server-boundaries.mjs
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const serverSrc = join(root, 'packages/server/src');
const modulesDir = join(serverSrc, 'modules');
const schemaFile = join(serverSrc, 'db/schema.ts');

/**
 * Which module owns each table of src/db/schema.ts (one module, or the modules of one feature);
 * every table must be listed once.
 */
const OWNERS = {
  employers: 'employer-settings',
  employees: 'employees',
  employeeSchedules: 'employees',
  employeeListVersions: 'employees',
  users: 'auth',
  // The session store under the auth plugin (plugins/sessions.ts): every request's lookup joins the
  // login's employer and employee to build the Actor.
  sessions: 'plugins',
  verificationCodes: 'auth',
  twoFactor: 'auth',
  twoFactorRecoveryCodes: 'auth',
  twoFactorChallenges: 'auth',
  roles: 'employees',
  companyHolidays: 'holidays',
  // The month lock (a low module: every dated write asks it; the close in month-close stores and removes rows through it).
  closedMonths: 'closed-months',
  // leave-days is the leave feature's reader of approved days, below the planned days that leave counts with.
  leaveTypes: ['leave', 'leave-days'],
  leaveRequests: ['leave', 'leave-days'],
  leaveAllowances: 'leave',
  hoursEntries: 'hours',
  // The zkteco module is the ZKTeco push protocol of the devices feature: a clock is a devices row,
  // and its command queue is written by both (queued by device edits, drained by the protocol).
  devices: ['devices', 'zkteco'],
  deviceCommands: ['devices', 'zkteco'],
  clockUsers: 'zkteco',
  deviceRefusals: 'zkteco',
  heldPunches: 'zkteco',
  deviceGroups: 'device-groups',
  deviceGroupMembers: 'device-groups',
  // Phone punches (phone-clock) are scans like a clock's, stored beside them and summed by the same triggers.
  scans: ['rfid', 'phone-clock'],
  locations: 'phone-clock',
  // A punch's photo: stored by the phone punch and by the kiosk's scan ingest (rfid), served by phone-clock.
  scanPhotos: ['phone-clock', 'rfid'],
  scanDays: 'rfid',
  scanCorrections: 'rfid',
  correctionRequests: 'corrections',
  rosterShifts: 'roster',
  shiftRequests: 'roster',
  attendanceReminders: 'corrections',
  chats: 'chat',
  chatMembers: 'chat',
  messages: 'chat',
  pushSubscriptions: 'notifications',
  contactMessages: 'contact',
  subscriptions: 'subscription',
  auditLog: 'admin',
  // Infrastructure tables, used by plugins only.
  rateLimits: 'plugins',
  socketIoAttachments: 'plugins',
  // Holds the device-secret encryption key (devices) and the QR badge signing key (employees/badges.ts).
  appSettings: ['devices', 'employees'],
};

/**
 * Reaches that cannot move yet, each with its reason: `file` (relative to src/modules) → tables.
 * Keep this list short; an entry that no longer matches anything is reported too.
 */
const ALLOWED = {
  // Read-only back-office reports across tenants: employers with their owner login and head count,
  // and the audit log with the company and admin names.
  'admin/employers.ts': ['employees', 'employers', 'users'],
  'admin/audit.ts': ['employers', 'users'],
  // Chat lists join the members' current names and the workers that have a login.
  'chat/service.ts': ['employees', 'users'],
  // The employee list shows each worker's login e-mail.
  'employees/service.ts': ['users'],
  // Push targets are the logins of the members.
  'notifications/service.ts': ['users'],
  // Device groups list their devices' names (devices feature, read only).
  'device-groups/service.ts': ['devices'],
  // A batch of card scans is stored in one statement that reads the cards' holders and the
  // employer's time zone (read only) beside the insert: three round trips were most of its cost
  // (bench/README.md#scan-ingestion, issue 37). The same statement reads the device's row (read
  // only): a reader authenticated from the credential cache (devices/auth-cache.ts) stores nothing
  // unless its row still holds the secret it was checked with.
  'rfid/ingest.ts': ['devices', 'employees', 'employers'],
  // A phone punch reads the employer's settings, the worker's overrides and the workplaces in one
  // statement, and stores itself in one more that checks its month is open (read only): on PGlite
  // each statement is half a dozen protocol messages (bench/README.md#phone-punch, issue 36).
  'phone-clock/store.ts': ['closedMonths', 'employees', 'employers'],
};

const problems = [];

// Every table declared in the schema must have an owner, and every owner entry must be a table.
const schema = readFileSync(schemaFile, 'utf8');
const tables = [...schema.matchAll(/^export const (\w+) = pgTable\(/gm)].map((m) => m[1]);
for (const table of tables) {
  if (!(table in OWNERS))
    problems.push(`db/schema.ts: table ${table} has no owner in scripts/check-server-boundaries.mjs`);
}
for (const table of Object.keys(OWNERS)) {
  if (!tables.includes(table))
    problems.push(`scripts/check-server-boundaries.mjs: ${table} is not a table of db/schema.ts`);
}
const tableSet = new Set(tables);

function filesUnder(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return filesUnder(path);
    return /\.(ts|mts|js|mjs)$/.test(name) && !/\.test\.[mc]?[jt]s$/.test(name) ? [path] : [];
  });
}

const used = new Set();
for (const file of filesUnder(modulesDir)) {
  const rel = relative(modulesDir, file).split('\\').join('/');
  const module = rel.split('/')[0];
  const source = readFileSync(file, 'utf8');
  const imports = source.matchAll(/import\s+(type\s+)?\{([^}]*)\}\s+from\s+['"]([^'"]+)['"]/g);
  for (const [, , names, from] of imports) {
    if (!/(^|\/)db\/schema$/.test(from)) continue;
    for (const raw of names.split(',')) {
      const name = raw
        .trim()
        .replace(/^type\s+/, '')
        .split(/\s+as\s+/)[0]
        .trim();
      if (!name || !tableSet.has(name) || [OWNERS[name]].flat().includes(module)) continue;
      const allowed = ALLOWED[rel]?.includes(name);
      if (allowed) {
        used.add(`${rel}:${name}`);
        continue;
      }
      problems.push(
        `modules/${rel}: imports table ${name}, owned by ${[OWNERS[name]].flat().join(' and ')} (call its service instead)`,
      );
    }
  }
}
for (const [rel, names] of Object.entries(ALLOWED)) {
  for (const name of names) {
    if (!used.has(`${rel}:${name}`))
      problems.push(`scripts/check-server-boundaries.mjs: allow-list entry ${rel}: ${name} matches nothing; remove it`);
  }
}

if (problems.length > 0) {
  console.error(
    `Server module boundaries: ${problems.length} violation(s)\n${problems.map((p) => `  ${p}`).join('\n')}`,
  );
  process.exit(1);
}
console.log('Server module boundaries: every module imports only its own tables.');
