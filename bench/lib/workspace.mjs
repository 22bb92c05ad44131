import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { expectStatus } from './http.mjs';
import { BENCH_ADMIN } from './server.mjs';

async function verificationCode(outboxDir, email) {
  for (let tries = 0; tries < 100; tries += 1) {
    const names = fs.existsSync(outboxDir) ? fs.readdirSync(outboxDir).filter((name) => name.endsWith('.json')) : [];
    for (const name of names) {
      const mail = JSON.parse(fs.readFileSync(path.join(outboxDir, name), 'utf8'));
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
  const { token } = expectStatus(
    await client.request('POST', '/auth/login', { body: { email, password } }),
    200,
    'login',
  );
  const auth = { authorization: `Bearer ${token}` };
  const check = expectStatus(await client.request('GET', '/auth/check', { headers: auth }), 200, 'check');
  const admin = expectStatus(await client.request('POST', '/auth/login', { body: BENCH_ADMIN }), 200, 'admin login');
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

/** Registers a device; returns its `Authorization: Device …` header. */
export async function registerDevice(client, employer, deviceId, protocol = 'puna') {
  const res = await client.request('POST', '/api/controllers', {
    body: { device_id: deviceId, name: deviceId, protocol },
    headers: employer.headers,
  });
  const { Result } = expectStatus(res, 201, 'register device');
  return { deviceId, authorization: `Device ${Result.device_id}:${Result.secret}` };
}

/** Adds an employee holding a card. */
export async function addWorkerWithCard(client, employer, name, rfid) {
  const body = { name, salary: 4, wages: 'Orë', role: 'Punëtor' };
  const added = expectStatus(
    await client.request('POST', '/krye/add_employee', { body, headers: employer.headers }),
    201,
    'add employee',
  );
  const id = added.Result.id;
  expectStatus(
    await client.request('PUT', `/krye/edit_employee/${id}`, { body: { ...body, rfid }, headers: employer.headers }),
    200,
    'give card',
  );
  return { id, name, rfid };
}
