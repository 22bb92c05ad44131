import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import { createRequire } from 'node:module';
import { badgePayload, messages, parseBadge, type TKioskIdentity } from '@puna/domain';
import { and, eq, ne, or, sql } from 'drizzle-orm';
import QRCode from 'qrcode';
import type { Executor } from '../../db/executor';
import { appSettings, employees } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { conflict, notFound } from '../../lib/errors';
import { tenantOf } from '../../lib/tenant';
import type { ServiceDeps } from '../../plugins/deps';
import { companyNameOf, lockEmployer } from '../employer-settings/service';
import { stillEmployed } from './employment';

/**
 * Kiosk PINs and QR badges (docs/devices.md#kiosk-pin-qr-badge-and-photo): an employee's kiosk PIN (4–8
 * digits, unique within the employer and never another employee's clock PIN) and its badge, the
 * text `PUNA1.<employer>.<employee>.<version>.<signature>` signed with a server key. Revoking bumps
 * the employee's `badge_version`, so every badge printed before is refused.
 */

export type KioskHolder = { id: number; name: string };

const KEY_SETTING = 'kiosk_badge_secret';

/** The badge signing key: HKDF of a random server secret generated once into `app_settings`. */
async function badgeKey(db: Executor): Promise<Buffer> {
  const read = async () => {
    const [row] = await db
      .select({ value: appSettings.value })
      .from(appSettings)
      .where(eq(appSettings.key, KEY_SETTING));
    return row?.value as { secret?: string } | undefined;
  };
  let stored = await read();
  if (!stored) {
    // The first badge ever: make the secret; of two processes racing, the first insert wins.
    await db
      .insert(appSettings)
      .values({ key: KEY_SETTING, value: { secret: randomBytes(32).toString('base64') } })
      .onConflictDoNothing();
    stored = await read();
  }
  if (!stored?.secret) throw new Error('kiosk badge secret is missing');
  const secret = Buffer.from(stored.secret, 'base64');
  return Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), 'puna kiosk qr badge', 32));
}

/** The first 16 bytes of the HMAC-SHA256, base64url: 22 characters. */
function signatureOf(key: Buffer, payload: string): string {
  return createHmac('sha256', key).update(payload).digest().subarray(0, 16).toString('base64url');
}

/** The badge text of an employee at its current version. */
export function badgeText(key: Buffer, employerId: number, employeeId: number, version: number): string {
  const payload = badgePayload(employerId, employeeId, version);
  return `${payload}.${signatureOf(key, payload)}`;
}

/**
 * The employee of this employer a badge belongs to, or null: not a badge, another employer's,
 * a forged signature (compared in constant time), an old version (reprinted or revoked) or an
 * employee who has left.
 */
export async function badgeHolderOf(db: Executor, employerId: number, text: string): Promise<KioskHolder | null> {
  const badge = parseBadge(text);
  if (!badge || badge.employerId !== employerId) return null;
  const expected = Buffer.from(
    signatureOf(await badgeKey(db), badgePayload(employerId, badge.employeeId, badge.version)),
  );
  const presented = Buffer.from(badge.signature);
  if (expected.length !== presented.length || !timingSafeEqual(expected, presented)) return null;
  const [row] = await db
    .select({ id: employees.id, name: employees.name })
    .from(employees)
    .where(
      and(
        eq(employees.employerId, employerId),
        eq(employees.id, badge.employeeId),
        eq(employees.badgeVersion, badge.version),
        stillEmployed,
      ),
    );
  return row ?? null;
}

/** The employee (not left) whose kiosk PIN — or, failing that, whose clock PIN, spelled the same — this is. */
export async function kioskPinHolderOf(db: Executor, employerId: number, pin: string): Promise<KioskHolder | null> {
  const rows = await db
    .select({ id: employees.id, name: employees.name, kiosk: sql<boolean>`${employees.kioskPin} = ${pin}` })
    .from(employees)
    .where(
      and(
        eq(employees.employerId, employerId),
        or(eq(employees.kioskPin, pin), eq(employees.devicePin, pin)),
        stillEmployed,
      ),
    );
  const holder = rows.find((row) => row.kiosk) ?? rows[0];
  return holder ? { id: holder.id, name: holder.name } : null;
}

async function employeeOf(db: Executor, employerId: number, id: number) {
  const [row] = await db
    .select({ id: employees.id, name: employees.name, kioskPin: employees.kioskPin, version: employees.badgeVersion })
    .from(employees)
    .where(and(eq(employees.employerId, employerId), eq(employees.id, id)));
  if (!row) throw notFound(messages.employeeNotFound);
  return row;
}

async function identity(
  db: Executor,
  employerId: number,
  row: { id: number; kioskPin: string | null; version: number },
): Promise<TKioskIdentity> {
  return {
    kiosk_pin: row.kioskPin,
    badge_version: row.version,
    badge: badgeText(await badgeKey(db), employerId, row.id, row.version),
  };
}

export async function kioskIdentityOf(deps: ServiceDeps, actor: Actor, id: number): Promise<TKioskIdentity> {
  const employerId = tenantOf(actor);
  return identity(deps.db, employerId, await employeeOf(deps.db, employerId, id));
}

/** Sets (or with null clears) an employee's kiosk PIN; 409 when another employee has it as kiosk or clock PIN. */
export async function setKioskPin(
  deps: ServiceDeps,
  actor: Actor,
  id: number,
  pin: string | null,
): Promise<TKioskIdentity> {
  const employerId = tenantOf(actor);
  return deps.db.transaction(async (tx) => {
    await lockEmployer(tx, employerId);
    await employeeOf(tx, employerId, id);
    if (pin !== null) {
      const [taken] = await tx
        .select({ id: employees.id })
        .from(employees)
        .where(
          and(
            eq(employees.employerId, employerId),
            ne(employees.id, id),
            or(eq(employees.kioskPin, pin), eq(employees.devicePin, pin)),
          ),
        );
      if (taken) throw conflict(messages.kioskPinTaken);
    }
    const [row] = await tx
      .update(employees)
      .set({ kioskPin: pin })
      .where(and(eq(employees.employerId, employerId), eq(employees.id, id)))
      .returning({ id: employees.id, kioskPin: employees.kioskPin, version: employees.badgeVersion });
    if (!row) throw notFound(messages.employeeNotFound);
    return identity(tx, employerId, row);
  });
}

/** Revokes an employee's badge: its version goes up, so every badge printed before is refused. */
export async function revokeBadge(deps: ServiceDeps, actor: Actor, id: number): Promise<TKioskIdentity> {
  const employerId = tenantOf(actor);
  const [row] = await deps.db
    .update(employees)
    .set({ badgeVersion: sql`${employees.badgeVersion} + 1` })
    .where(and(eq(employees.employerId, employerId), eq(employees.id, id)))
    .returning({ id: employees.id, kioskPin: employees.kioskPin, version: employees.badgeVersion });
  if (!row) throw notFound(messages.employeeNotFound);
  return identity(deps.db, employerId, row);
}

/** The text of an employee's current badge (what its QR code holds). */
export async function badgeOf(deps: ServiceDeps, actor: Actor, id: number): Promise<{ name: string; text: string }> {
  const employerId = tenantOf(actor);
  const row = await employeeOf(deps.db, employerId, id);
  return { name: row.name, text: badgeText(await badgeKey(deps.db), employerId, row.id, row.version) };
}

const require = createRequire(import.meta.url);
const FONT = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const FONT_BOLD = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');

const MM = 72 / 25.4;
/** An ID-1 card: 85.6 × 54 mm. */
const CARD = { width: 85.6 * MM, height: 54 * MM };

/** A card-sized PDF: the company, the worker's name and the badge's QR code drawn as vector squares. */
export async function badgePdf(
  deps: ServiceDeps,
  actor: Actor,
  id: number,
): Promise<{ name: string; body: Buffer; text: string }> {
  const { name, text } = await badgeOf(deps, actor, id);
  const company = (await companyNameOf(deps.db, tenantOf(actor))) ?? '';
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: [CARD.width, CARD.height],
    margin: 0,
    info: { Title: `${name} — ${company}`, Author: 'Puna' },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.registerFont('regular', FONT);
  doc.registerFont('bold', FONT_BOLD);

  const pad = 4 * MM;
  const qrSide = CARD.height - 2 * pad;
  const qrLeft = CARD.width - pad - qrSide;
  const textWidth = qrLeft - 2 * pad;
  doc.font('bold').fontSize(8).fillColor('#334155').text(company, pad, pad, { width: textWidth, height: 22 });
  doc
    .font('bold')
    .fontSize(11)
    .fillColor('#0f172a')
    .text(name, pad, CARD.height / 2 - 10, { width: textWidth, height: 40 });
  doc
    .font('regular')
    .fontSize(6)
    .fillColor('#64748b')
    .text('Puna', pad, CARD.height - pad - 8, { width: textWidth });

  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const size = qr.modules.size;
  const quiet = 2;
  const cell = qrSide / (size + 2 * quiet);
  for (let row = 0; row < size; row += 1) {
    for (let col = 0; col < size; col += 1) {
      if (qr.modules.get(row, col)) {
        doc.rect(qrLeft + (col + quiet) * cell, pad + (row + quiet) * cell, cell, cell);
      }
    }
  }
  doc.fillColor('#000000').fill();
  doc.end();
  return { name, body: await done, text };
}
