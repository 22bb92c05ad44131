import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { expectStatus } from './http.mjs';
import { BENCH_ADMIN } from './server.mjs';

/** @typedef {import('./http.mjs').JsonClient} JsonClient */
/** @typedef {import('./server.mjs').Server} Server */

/**
 * An employer signed in: its email, id and the `Authorization: Bearer …` header of its session.
 * @typedef {object} Employer
 * @property {string} email
 * @property {number} employerId
 * @property {{ authorization: string }} headers
 */

/**
 * A login's answer.
 * @typedef {{ token: string }} Login
 */

/**
 * `POST /krye/add_employee`'s answer.
 * @typedef {{ Result: { id: number } }} Added
 */

/**
 * @param {string} outboxDir
 * @param {string} email
 * @returns {Promise<string>}
 */
async function verificationCode(outboxDir, email) {
  for (let tries = 0; tries < 100; tries += 1) {
    const names = fs.existsSync(outboxDir) ? fs.readdirSync(outboxDir).filter((name) => name.endsWith('.json')) : [];
    for (const name of names) {
      const mail = /** @type {{ to: string, text: string }} */ (
        JSON.parse(fs.readFileSync(path.join(outboxDir, name), 'utf8'))
      );
      const code = mail.to === email ? mail.text.match(/\b(\d{6})\b/)?.[1] : undefined;
      if (code) return code;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no verification mail for ${email}`);
}

/**
 * A premium employer made the way a person makes one, all through the API: sign up, the code from
 * the outbox, log in, and the platform admin switching the plan to premium. Returns a Bearer token.
 * @param {Pick<Server, 'outboxDir'>} server
 * @param {JsonClient} client
 * @returns {Promise<Employer>}
 */
export async function createPremiumEmployer(server, client) {
  const email = `bench-${randomBytes(4).toString('hex')}@example.test`;
  const password = 'bench-password-1';
  expectStatus(
    await client.request('POST', '/auth/signup', { body: { email, password, companyName: 'Bench Company' } }),
    201,
    'signup',
  );
  const code = await verificationCode(server.outboxDir, email);
  expectStatus(await client.request('POST', '/auth/verify', { body: { email, code } }), 200, 'verify');
  const { token } = /** @type {Login} */ (
    expectStatus(await client.request('POST', '/auth/login', { body: { email, password } }), 200, 'login')
  );
  const auth = { authorization: `Bearer ${token}` };
  const check = /** @type {{ user: { employerId: number } }} */ (
    expectStatus(await client.request('GET', '/auth/check', { headers: auth }), 200, 'check')
  );
  const admin = /** @type {Login} */ (
    expectStatus(await client.request('POST', '/auth/login', { body: BENCH_ADMIN }), 200, 'admin login')
  );
  expectStatus(
    await client.request('PUT', `/auth/updateEmployer/${check.user.employerId}`, {
      body: { type: 'premium' },
      headers: { authorization: `Bearer ${admin.token}` },
    }),
    200,
    'premium',
  );
  return { email, employerId: check.user.employerId, headers: auth };
}

/**
 * Registers a device; returns its `Authorization: Device …` header.
 * @param {JsonClient} client
 * @param {Employer} employer
 * @param {string} deviceId
 * @param {string} [protocol]
 * @returns {Promise<{ deviceId: string, authorization: string }>}
 */
export async function registerDevice(client, employer, deviceId, protocol = 'puna') {
  const res = await client.request('POST', '/api/controllers', {
    body: { device_id: deviceId, name: deviceId, protocol },
    headers: employer.headers,
  });
  const { Result } = /** @type {{ Result: { device_id: string, secret: string } }} */ (
    expectStatus(res, 201, 'register device')
  );
  return { deviceId, authorization: `Device ${Result.device_id}:${Result.secret}` };
}

/**
 * Posts a batch of card scans as the device (`POST /device/v1/scans`); throws unless every scan of
 * the batch is accepted.
 * @param {JsonClient} client
 * @param {{ authorization: string }} device
 * @param {{ seq: number, uid: string, ts: string }[]} batch
 */
export async function postScans(client, device, batch) {
  const body = /** @type {{ accepted: unknown[] }} */ (
    expectStatus(
      await client.request('POST', '/device/v1/scans', {
        body: { scans: batch },
        headers: { authorization: device.authorization },
      }),
      200,
      'scans',
    )
  );
  if (body.accepted.length !== batch.length) throw new Error(`only ${body.accepted.length} scans accepted`);
}

/**
 * Adds an employee holding a card.
 * @param {JsonClient} client
 * @param {Employer} employer
 * @param {string} name
 * @param {string} rfid
 */
export async function addWorkerWithCard(client, employer, name, rfid) {
  const body = { name, salary: 4, wages: 'Orë', role: 'Punëtor' };
  const added = /** @type {Added} */ (
    expectStatus(
      await client.request('POST', '/krye/add_employee', { body, headers: employer.headers }),
      201,
      'add employee',
    )
  );
  const id = added.Result.id;
  expectStatus(
    await client.request('PUT', `/krye/edit_employee/${id}`, { body: { ...body, rfid }, headers: employer.headers }),
    200,
    'give card',
  );
  return { id, name, rfid };
}
