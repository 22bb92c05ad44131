import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from './helpers/app';
import { call, createWorker, createWorkspace, createWorkspaceTestApp } from './helpers/workspace-factories';

/** Every employer route of the workspace, with a body that would be valid. */
const employerRoutes = [
  ['GET', '/krye/ujipuntoret_count', undefined],
  ['GET', '/krye/ujipuntor_count', undefined],
  ['GET', '/krye/ujimjeshter_count', undefined],
  ['GET', '/krye/employee', undefined],
  ['GET', '/krye/data/employee/1', undefined],
  ['POST', '/krye/add_employee', { name: 'X', salary: 1, wages: 'Orë', role: 'Punëtor' }],
  ['PUT', '/krye/edit_employee/1', { name: 'X', salary: 1, wages: 'Orë', role: 'Punëtor' }],
  ['DELETE', '/krye/delete_employee/1', undefined],
  ['GET', '/krye/employers/roles', undefined],
  ['POST', '/krye/employers/roles', { role: 'X' }],
  ['PUT', '/krye/employers/roles/0', { role: 'X' }],
  ['DELETE', '/krye/employers/roles/0', undefined],
  ['GET', '/krye/employers/1/listaType', undefined],
  ['PUT', '/krye/employers/1/updateListaType', { listaType: 'rfid' }],
  ['GET', '/krye/workerdate', undefined],
  ['GET', '/krye/klista', undefined],
  ['GET', '/krye/klista/1', undefined],
  ['PUT', '/krye/edit_klista/1', { ora: 8 }],
  ['PUT', '/krye/edit_klista_modal', { id: 1, ora: 8 }],
  ['POST', '/krye/addworkerklista', [{ worker_id: 1, data: '2025-03-03', ora: 8 }]],
  ['DELETE', '/krye/delete_workers', { idsToDelete: [1] }],
  ['DELETE', '/krye/delete_klista/1', undefined],
  ['GET', '/krye/pay', undefined],
  ['GET', '/krye/export/hours', undefined],
  ['GET', '/krye/export/pay?format=xlsx', undefined],
  ['GET', '/krye/export/payroll?month=2026-03&format=xlsx', undefined],
  ['GET', '/krye/payslip/1?month=2026-03', undefined],
  ['GET', '/krye/payslips?month=2026-03', undefined],
  ['GET', '/krye/declaration?month=2026-03', undefined],
  ['GET', '/krye/holidays?year=2026', undefined],
  ['POST', '/krye/holidays', { date: '2026-08-14', name: 'X' }],
  ['DELETE', '/krye/holidays/1', undefined],
  ['GET', '/krye/labour-settings', undefined],
  ['PUT', '/krye/labour-settings', { jurisdiction: 'AL' }],
  ['GET', '/krye/payroll?month=2026-03', undefined],
  ['POST', '/krye/months/2026-03/close', undefined],
  ['POST', '/krye/months/2026-03/reopen', { reason: 'x' }],
] as const;

let ctx: TestContext;
let workerToken: string;

beforeAll(async () => {
  ctx = await createWorkspaceTestApp();
  const employer = await createWorkspace(ctx);
  workerToken = (await createWorker(ctx, employer.token)).token;
});
afterAll(async () => ctx?.close());

describe('employer routes', () => {
  it.each(employerRoutes)('%s %s refuses a worker with 403', async (method, url, body) => {
    const res = await call(ctx, workerToken, method, url, body);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ Status: false, Error: 'You do not have access to this.', code: 'accessDenied' });
  });

  it.each(employerRoutes)('%s %s refuses an anonymous caller with 401', async (method, url, body) => {
    const res = await call(ctx, null, method, url, body);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ Status: false, Error: 'Please log in to continue.', code: 'loginRequired' });
  });

  it('lets nobody but the employer and its workers read one worker’s hours', async () => {
    expect((await call(ctx, null, 'GET', '/krye/oret/1')).statusCode).toBe(401);
  });
});

describe('API docs', () => {
  it('documents every workspace route', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json<{ paths: Record<string, unknown> }>().paths);
    for (const [, url] of employerRoutes) {
      // A numeric id or a YYYY-MM month is a path parameter.
      const documented = url.split('?')[0]?.replace(/\/\d+(-\d+)?(?=\/|$)/g, (_m) => '/{x}');
      expect(paths.some((path) => path.replace(/\{[^}]+\}/g, '{x}') === documented)).toBe(true);
    }
    expect(paths).toContain('/krye/worker/me');
    expect(paths).toContain('/krye/worker/me/payslip');
    expect(paths).toContain('/krye/oret/{workerId}');
  });
});
