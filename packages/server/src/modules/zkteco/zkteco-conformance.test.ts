import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../../../test/helpers/app';
import {
  addEmployeeWithPin,
  createPremiumWorkspace,
  newDeviceId,
  withConfirmedClock,
} from '../../../test/helpers/device-factories';
import { createWorkspaceTestApp } from '../../../test/helpers/workspace-factories';
import { scans } from '../../db/schema';
import { encodeClockTime } from './push3-routes';

/** One request of a firmware family's conversation and what Puna must answer (fixtures/zkteco/README.md). */
type Step = {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  body?: string;
  contentType?: string;
  expect: { status: number; body: string; scans?: number };
};

const FIXTURES = path.join(import.meta.dirname, '..', '..', '..', 'test', 'fixtures', 'zkteco');
const families = fs
  .readdirSync(FIXTURES)
  .filter((file) => file.endsWith('.json'))
  .map((file) => ({
    file,
    ...(JSON.parse(fs.readFileSync(path.join(FIXTURES, file), 'utf8')) as { family: string; steps: Step[] }),
  }));

const DAY = new Date(Date.now() - 3 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
/** `{{DAY:DD/MM/YYYY}}`: the same day written another way (YYYY, MM and DD are replaced). */
const dayAs = (format: string) =>
  format.replace('YYYY', DAY.slice(0, 4)).replace('MM', DAY.slice(5, 7)).replace('DD', DAY.slice(8, 10));
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createWorkspaceTestApp();
});
afterAll(async () => ctx?.close());

describe('ZKTeco conformance: conversations written from the vendor documents', () => {
  it('has a fixture for each firmware family', () => {
    expect(families.map((family) => family.file).sort()).toEqual([
      'attendance-push-2.4.json',
      'bridges-and-simulators.json',
      'bridges-round-two.json',
      'field-round-two-parser.json',
      'legacy-push.json',
      'push3-round-two.json',
      'security-push-3.x.json',
    ]);
  });

  for (const family of families) {
    it(`answers every step of ${family.family} as the firmware expects`, async () => {
      const employer = await createPremiumWorkspace(ctx);
      const serial = newDeviceId('CONF');
      await withConfirmedClock(ctx, employer.token, serial);
      const ana = await addEmployeeWithPin(ctx, employer.token, 'Ana', '14');
      const fill = (text: string, asPattern = false) =>
        text
          .replaceAll('{{SN}}', asPattern ? escapeRegExp(serial) : serial)
          // `{{DAY_SECONDS 12:00:00}}`: that time of the day in push 3.x's `time_second` encoding.
          .replace(/\{\{DAY_SECONDS (\d\d:\d\d:\d\d)\}\}/g, (_match, time: string) =>
            String(encodeClockTime(new Date(`${DAY}T${time}Z`))),
          )
          .replace(/\{\{DAY:([^}]+)\}\}/g, (_match, format: string) => dayAs(format))
          .replaceAll('{{DAY}}', DAY)
          .replaceAll('{{PIN}}', '14');

      for (const step of family.steps) {
        const res = await ctx.app.inject({
          method: step.method,
          url: fill(step.path),
          ...(step.body === undefined
            ? {}
            : {
                payload: Buffer.from(fill(step.body), 'latin1'),
                headers: { 'content-type': step.contentType ?? 'text/plain' },
              }),
        });
        expect(res.statusCode, `${step.name}: ${res.body}`).toBe(step.expect.status);
        expect(res.headers['content-type'], step.name).toMatch(/^text\/plain/);
        expect(res.body, step.name).toMatch(new RegExp(`^(?:${fill(step.expect.body, true)})$`));
        if (step.expect.scans !== undefined) {
          const stored = await ctx.app.db.select().from(scans).where(eq(scans.employerId, employer.employerId));
          expect(stored, step.name).toHaveLength(step.expect.scans);
          expect(stored.every((scan) => scan.employeeId === ana.id)).toBe(true);
        }
      }
    });
  }
});
