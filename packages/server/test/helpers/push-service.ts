import { createDecipheriv, createECDH, hkdfSync, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { pushSubscriptions } from '../../src/db/schema';
import type { TestContext } from './app';
import { userIdOf } from './factories';

export type ReceivedPush = { path: string; headers: http.IncomingHttpHeaders; body: Buffer };

/**
 * A stand-in push service on localhost: records every request and answers each path with the
 * status set for it (201 by default), as a browser vendor's push service would.
 */
export async function startPushService() {
  const received: ReceivedPush[] = [];
  const statusOf = new Map<string, number>();
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '/';
      received.push({ path, headers: request.headers, body: Buffer.concat(chunks) });
      response.writeHead(statusOf.get(path) ?? 201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    received,
    /** A new endpoint on this service, answering with `status`. */
    endpoint(status = 201): string {
      const path = `/push/${randomBytes(6).toString('hex')}`;
      statusOf.set(path, status);
      return `${base}${path}`;
    },
    to(endpoint: string): ReceivedPush[] {
      const path = new URL(endpoint).pathname;
      return received.filter((push) => push.path === path);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A browser's subscription keys (P-256 key pair and auth secret), able to decrypt what it receives. */
export function browserKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    p256dh: ecdh.getPublicKey().toString('base64url'),
    auth: auth.toString('base64url'),
    /** RFC 8291 (aes128gcm, one record): the plain text the server encrypted for this browser. */
    decrypt(body: Buffer): string {
      const salt = body.subarray(0, 16);
      const idLength = body.readUInt8(20);
      const serverPublicKey = body.subarray(21, 21 + idLength);
      const ciphertext = body.subarray(21 + idLength);
      const shared = ecdh.computeSecret(serverPublicKey);
      const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), ecdh.getPublicKey(), serverPublicKey]);
      const ikm = Buffer.from(hkdfSync('sha256', shared, auth, keyInfo, 32));
      const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
      const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
      const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
      decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
      const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
      // The last record ends with the delimiter 0x02, then zero padding.
      let end = padded.length - 1;
      while (end > 0 && padded[end] === 0) end -= 1;
      if (padded[end] !== 2) throw new Error('push record delimiter missing');
      return padded.subarray(0, end).toString('utf8');
    },
  };
}

/**
 * A user's browser subscribed at the stand-in push service (answering `status`), its row stored as the
 * subscribe route would store it (the route accepts only https; the stand-in is plain http).
 * `pushes()` is what it has received so far, decrypted and parsed.
 */
export async function subscribedBrowser(
  ctx: TestContext,
  service: Awaited<ReturnType<typeof startPushService>>,
  token: string,
  status = 201,
) {
  const keys = browserKeys();
  const endpoint = service.endpoint(status);
  const userId = await userIdOf(ctx, token);
  await ctx.app.db.insert(pushSubscriptions).values({ userId, endpoint, p256dh: keys.p256dh, auth: keys.auth });
  const pushes = <T = { title: string; body: string }>() =>
    service.to(endpoint).map((push) => JSON.parse(keys.decrypt(push.body)) as T);
  return { endpoint, keys, pushes };
}
