import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setEmployerType } from '../../../test/helpers/admin-factories';
import type { TestContext } from '../../../test/helpers/app';
import { call, createWorker, createWorkspace, createWorkspaceTestApp } from '../../../test/helpers/workspace-factories';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createWorkspaceTestApp();
});
afterAll(async () => ctx?.close());

/** Choosing the list type is part of Puna Premium (see premium.test.ts for the basic plan). */
async function premiumWorkspace() {
  const workspace = await createWorkspace(ctx);
  await setEmployerType(ctx, workspace.employerId, 'premium');
  return workspace;
}

describe('default list type', () => {
  it('starts as klista and changes to rfid and back', async () => {
    const employer = await premiumWorkspace();
    const url = `/krye/employers/${employer.employerId}`;
    expect((await call(ctx, employer.token, 'GET', `${url}/listaType`)).json()).toEqual({ listaType: 'klista' });
    const res = await call(ctx, employer.token, 'PUT', `${url}/updateListaType`, { listaType: 'rfid' });
    expect(res.json()).toEqual({ success: true });
    expect((await call(ctx, employer.token, 'GET', `${url}/listaType`)).json()).toEqual({ listaType: 'rfid' });
    await call(ctx, employer.token, 'PUT', `${url}/updateListaType`, { listaType: 'klista' });
    expect((await call(ctx, employer.token, 'GET', `${url}/listaType`)).json()).toEqual({ listaType: 'klista' });
  });

  it('answers 404 for another employer’s id and changes nothing', async () => {
    const a = await premiumWorkspace();
    const b = await createWorkspace(ctx);
    expect((await call(ctx, a.token, 'GET', `/krye/employers/${b.employerId}/listaType`)).statusCode).toBe(404);
    const res = await call(ctx, a.token, 'PUT', `/krye/employers/${b.employerId}/updateListaType`, {
      listaType: 'rfid',
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ Status: false, Error: 'Employer not found.', code: 'employerNotFound' });
    expect((await call(ctx, b.token, 'GET', `/krye/employers/${b.employerId}/listaType`)).json()).toEqual({
      listaType: 'klista',
    });
  });

  it.each([[{ listaType: 'paper' }], [{}]])('refuses %j with 400', async (body) => {
    const employer = await premiumWorkspace();
    const url = `/krye/employers/${employer.employerId}`;
    const res = await call(ctx, employer.token, 'PUT', `${url}/updateListaType`, body);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ Error: string }>().Error).toBe("listaType must be 'rfid' or 'klista'.");
    expect((await call(ctx, employer.token, 'GET', `${url}/listaType`)).json()).toEqual({ listaType: 'klista' });
  });

  it('refuses workers (403) and anonymous callers (401)', async () => {
    const employer = await createWorkspace(ctx);
    const worker = await createWorker(ctx, employer.token);
    const url = `/krye/employers/${employer.employerId}/listaType`;
    expect((await call(ctx, worker.token, 'GET', url)).statusCode).toBe(403);
    expect((await call(ctx, null, 'GET', url)).statusCode).toBe(401);
  });
});
