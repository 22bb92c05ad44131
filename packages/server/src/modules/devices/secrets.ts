import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/executor';
import { appSettings } from '../../db/schema';
import { newToken, safeEqual, sha256 } from '../../lib/crypto';

/** A device secret: 32 random bytes, so a plain SHA-256 is enough to store it (no guessing to slow down). */
export function newDeviceSecret(): { secret: string; hash: string } {
  const secret = newToken();
  return { secret, hash: sha256(secret) };
}

export function isDeviceSecret(secretHash: string | null, presented: string): boolean {
  const presentedHash = sha256(presented);
  return secretHash !== null && safeEqual(secretHash, presentedHash);
}

const KEY_SETTING = 'device_config_secret';

/** The Wi-Fi encryption key, derived from a server secret generated once and kept in `app_settings`. */
async function configKey(db: Executor): Promise<Buffer> {
  await db
    .insert(appSettings)
    .values({ key: KEY_SETTING, value: { secret: randomBytes(32).toString('base64') } })
    .onConflictDoNothing();
  const [row] = await db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, KEY_SETTING));
  const stored = row?.value as { secret?: string } | undefined;
  if (!stored?.secret) throw new Error('device config secret is missing');
  const secret = Buffer.from(stored.secret, 'base64');
  return Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), 'puna device wifi password', 32));
}

/** AES-256-GCM: `iv.tag.ciphertext`, each base64url. */
export async function encryptSecret(db: Executor, plain: string): Promise<string> {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', await configKey(db), iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), body].map((part) => part.toString('base64url')).join('.');
}

export async function decryptSecret(db: Executor, sealed: string): Promise<string> {
  const [iv, tag, body] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
  if (!iv || !tag || !body) throw new Error('sealed secret is malformed');
  const decipher = createDecipheriv('aes-256-gcm', await configKey(db), iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
}
