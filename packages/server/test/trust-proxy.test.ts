import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { createTestApp, generousLimits, type TestContext } from './helpers/app';
import { randomEmail } from './helpers/factories';

/**
 * Behind a proxy the client's address comes from X-Forwarded-For. The proxy appends the address it
 * saw; whatever stands to its left, the client wrote itself. TRUST_PROXY=true believes one proxy.
 */
describe('TRUST_PROXY', () => {
  const contexts: TestContext[] = [];
  afterAll(async () => {
    for (const ctx of contexts) await ctx.close();
  });

  it('reads true as the one proxy in front, a number as that many, a list as their addresses', () => {
    const base = { NODE_ENV: 'test', DATA_DIR: '/tmp/puna-trust' };
    expect(loadConfig({ ...base }).trustProxy).toBe(false);
    expect(loadConfig({ ...base, TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ ...base, TRUST_PROXY: 'true' }).trustProxy).toBe(1);
    expect(loadConfig({ ...base, TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ ...base, TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
    ]);
    expect(() => loadConfig({ ...base, TRUST_PROXY: 'yes please' })).toThrow(/TRUST_PROXY/);
  });

  it('counts a client that writes its own X-Forwarded-For by the address the proxy added', async () => {
    const ctx = await createTestApp({ TRUST_PROXY: 'true' }, { limits: generousLimits({ loginPerIp: 3 }) });
    contexts.push(ctx);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/auth/login',
        // A new made-up address each time, then the one the proxy saw.
        headers: { 'x-forwarded-for': `6.6.6.${i + 1}, 203.0.113.9` },
        payload: { email: randomEmail('nobody'), password: 'wrong password 1' },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
  });
});
