import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createAdminTestApp, employerRow, setEmployerType } from '../../../test/helpers/admin-factories';
import type { TestContext } from '../../../test/helpers/app';
import { call, createWorker, createWorkspace } from '../../../test/helpers/workspace-factories';

let ctx: TestContext;
let admin: Awaited<ReturnType<typeof createAdmin>>;

beforeAll(async () => {
  ctx = await createAdminTestApp();
  admin = await createAdmin(ctx);
});
afterAll(async () => ctx?.close());

const PREMIUM_REQUIRED = {
  Status: false,
  Error: 'This feature is part of Puna Premium.',
  code: 'premiumRequired',
  premiumRequired: true,
};

function listTypeUrls(employerId: number) {
  return {
    read: `/krye/employers/${employerId}/listaType`,
    update: `/krye/employers/${employerId}/updateListaType`,
  };
}

describe('premium gating', () => {
  it('refuses the list-type choice to a basic employer with 403 premiumRequired and changes nothing', async () => {
    const employer = await createWorkspace(ctx);
    const urls = listTypeUrls(employer.employerId);

    const res = await call(ctx, employer.token, 'PUT', urls.update, { listaType: 'rfid' });

    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(PREMIUM_REQUIRED);
    expect((await employerRow(ctx, employer.employerId)).listType).toBe('klista');
    // Reading stays allowed.
    expect((await call(ctx, employer.token, 'GET', urls.read)).json()).toEqual({ listaType: 'klista' });
  });

  it('lets a premium employer choose the list type', async () => {
    const employer = await createWorkspace(ctx);
    await setEmployerType(ctx, employer.employerId, 'premium');
    const urls = listTypeUrls(employer.employerId);
    const res = await call(ctx, employer.token, 'PUT', urls.update, { listaType: 'rfid' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    expect((await call(ctx, employer.token, 'GET', urls.read)).json()).toEqual({ listaType: 'rfid' });
  });

  it('applies a plan the admin grants or ends at once, to sessions already open', async () => {
    const employer = await createWorkspace(ctx);
    const urls = listTypeUrls(employer.employerId);
    const edit = (type: 'basic' | 'premium') =>
      call(ctx, admin.token, 'PUT', `/auth/updateEmployer/${employer.employerId}`, { type });

    expect((await edit('premium')).statusCode).toBe(200);
    const granted = await call(ctx, employer.token, 'PUT', urls.update, { listaType: 'rfid' });
    expect(granted.statusCode).toBe(200);
    expect((await call(ctx, employer.token, 'GET', urls.read)).json()).toEqual({ listaType: 'rfid' });

    expect((await edit('basic')).statusCode).toBe(200);
    // Back on basic, the RFID list is no longer theirs: the normal list is.
    expect((await call(ctx, employer.token, 'GET', urls.read)).json()).toEqual({ listaType: 'klista' });
    const ended = await call(ctx, employer.token, 'PUT', urls.update, { listaType: 'klista' });
    expect(ended.statusCode).toBe(403);
    expect(ended.json()).toEqual(PREMIUM_REQUIRED);
  });

  it('checks the auth level first: a worker and an anonymous caller get the usual refusals', async () => {
    const employer = await createWorkspace(ctx);
    const worker = await createWorker(ctx, employer.token);
    const urls = listTypeUrls(employer.employerId);
    const asWorker = await call(ctx, worker.token, 'PUT', urls.update, { listaType: 'rfid' });
    expect(asWorker.statusCode).toBe(403);
    expect(asWorker.json()).toEqual({ Status: false, Error: 'You do not have access to this.', code: 'accessDenied' });
    expect((await call(ctx, null, 'PUT', urls.update, { listaType: 'rfid' })).statusCode).toBe(401);
  });

  it('refuses a basic employer before reading the body', async () => {
    const employer = await createWorkspace(ctx);
    const res = await call(ctx, employer.token, 'PUT', listTypeUrls(employer.employerId).update, { listaType: 'x' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(PREMIUM_REQUIRED);
  });

  it('shows a basic employer the normal list even when the stored choice is rfid', async () => {
    // A basic employer whose stored choice is rfid (as one left by a lapsed subscription).
    const employer = await createWorkspace(ctx, { scans: true });
    const urls = listTypeUrls(employer.employerId);
    expect((await call(ctx, employer.token, 'GET', urls.read)).json()).toEqual({ listaType: 'klista' });
  });

  it('documents the premium refusal in the API docs', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    const doc = res.json<{
      paths: Record<
        string,
        Record<string, { responses: Record<string, { content?: Record<string, { schema: unknown }> }> }>
      >;
    }>();
    const refusal = doc.paths['/krye/employers/{userId}/updateListaType']?.put?.responses['403'];
    expect(JSON.stringify(refusal)).toContain('premiumRequired');
  });
});
