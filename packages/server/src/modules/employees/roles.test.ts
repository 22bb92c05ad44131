import type { TEmployee } from '@puna/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../../../test/helpers/app';
import {
  addEmployee,
  addRole,
  call,
  createWorkspace,
  createWorkspaceTestApp,
  resultOf,
} from '../../../test/helpers/workspace-factories';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createWorkspaceTestApp();
});
afterAll(async () => ctx?.close());

async function rolesOf(token: string): Promise<string[]> {
  const res = await call(ctx, token, 'GET', '/krye/employers/roles');
  expect(res.statusCode).toBe(200);
  return res.json<{ roles: string[] }>().roles;
}

describe('default roles', () => {
  it('offers Punëtor and Mjeshtër to a new employer', async () => {
    const employer = await createWorkspace(ctx);
    expect(await rolesOf(employer.token)).toEqual(['Punëtor', 'Mjeshtër']);
  });

  it('does not bring them back once the employer deleted them', async () => {
    const employer = await createWorkspace(ctx);
    await rolesOf(employer.token);
    await call(ctx, employer.token, 'DELETE', '/krye/employers/roles/1');
    const res = await call(ctx, employer.token, 'DELETE', '/krye/employers/roles/0');
    expect(res.json()).toEqual({ roles: [] });
    expect(await rolesOf(employer.token)).toEqual([]);
  });

  it('adds a first role after the defaults when the employer never listed them', async () => {
    const employer = await createWorkspace(ctx);
    expect(await addRole(ctx, employer.token, 'Shofer')).toEqual(['Punëtor', 'Mjeshtër', 'Shofer']);
  });
});

describe('adding roles', () => {
  it('appends a trimmed role', async () => {
    const employer = await createWorkspace(ctx);
    const res = await call(ctx, employer.token, 'POST', '/krye/employers/roles', { role: '  Elektricist  ' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ roles: ['Punëtor', 'Mjeshtër', 'Elektricist'] });
  });

  it.each([
    ['a blank role', { role: '   ' }, 400, 'Role name is required.'],
    ['no role', {}, 400, 'Role name is required.'],
    ['an existing role', { role: 'Punëtor' }, 409, 'This role already exists.'],
    ['an existing role in other letters', { role: 'MJESHTËR' }, 409, 'This role already exists.'],
  ])('refuses %s and stores nothing', async (_name, body, status, message) => {
    const employer = await createWorkspace(ctx);
    const before = await rolesOf(employer.token);
    const res = await call(ctx, employer.token, 'POST', '/krye/employers/roles', body);
    expect(res.statusCode).toBe(status);
    expect(res.json()).toMatchObject({ Status: false, Error: message });
    expect(await rolesOf(employer.token)).toEqual(before);
  });

  it('keeps each employer’s roles to itself', async () => {
    const a = await createWorkspace(ctx);
    const b = await createWorkspace(ctx);
    await addRole(ctx, a.token, 'Saldator');
    expect(await rolesOf(b.token)).toEqual(['Punëtor', 'Mjeshtër']);
    // The same name is free for another employer.
    expect(await addRole(ctx, b.token, 'Saldator')).toContain('Saldator');
  });
});

describe('renaming roles', () => {
  it('renames the role and every employee holding it', async () => {
    const employer = await createWorkspace(ctx);
    const holder = await addEmployee(ctx, employer.token, { role: 'Mjeshtër' });
    const bystander = await addEmployee(ctx, employer.token, { role: 'Punëtor' });
    const res = await call(ctx, employer.token, 'PUT', '/krye/employers/roles/1', { role: 'Kryemjeshtër' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ roles: ['Punëtor', 'Kryemjeshtër'] });
    const list = resultOf<TEmployee[]>(await call(ctx, employer.token, 'GET', '/krye/employee'));
    expect(list.find((e) => e.id === holder.id)?.role).toBe('Kryemjeshtër');
    expect(list.find((e) => e.id === bystander.id)?.role).toBe('Punëtor');
  });

  it('fixes the letters of a role’s own name', async () => {
    const employer = await createWorkspace(ctx);
    await addRole(ctx, employer.token, 'shofer');
    const res = await call(ctx, employer.token, 'PUT', '/krye/employers/roles/2', { role: 'Shofer' });
    expect(res.json()).toEqual({ roles: ['Punëtor', 'Mjeshtër', 'Shofer'] });
  });

  it.each([
    ['a blank name', '0', { role: ' ' }, 400, 'Role name is required.'],
    ['the name of another role', '0', { role: 'Mjeshtër' }, 409, 'This role already exists.'],
    ['an index past the end', '2', { role: 'X' }, 404, 'Role not found.'],
    ['an index that is not a number', 'abc', { role: 'X' }, 400, 'The role index must be a whole number from 0.'],
    ['a negative index', '-1', { role: 'X' }, 400, 'The role index must be a whole number from 0.'],
  ])('refuses %s and changes nothing', async (_name, index, body, status, message) => {
    const employer = await createWorkspace(ctx);
    await rolesOf(employer.token);
    const res = await call(ctx, employer.token, 'PUT', `/krye/employers/roles/${index}`, body);
    expect(res.statusCode).toBe(status);
    expect(res.json()).toMatchObject({ Status: false, Error: message });
    expect(await rolesOf(employer.token)).toEqual(['Punëtor', 'Mjeshtër']);
  });

  it('renames only the caller’s role and employees, never another employer’s', async () => {
    const a = await createWorkspace(ctx);
    const b = await createWorkspace(ctx);
    const other = await addEmployee(ctx, b.token, { role: 'Punëtor' });
    await call(ctx, a.token, 'PUT', '/krye/employers/roles/0', { role: 'Ndihmës' });
    expect(await rolesOf(b.token)).toEqual(['Punëtor', 'Mjeshtër']);
    const list = resultOf<TEmployee[]>(await call(ctx, b.token, 'GET', '/krye/employee'));
    expect(list.find((e) => e.id === other.id)?.role).toBe('Punëtor');
  });
});

describe('deleting roles', () => {
  it('deletes a role nobody holds', async () => {
    const employer = await createWorkspace(ctx);
    await addRole(ctx, employer.token, 'Shofer');
    const res = await call(ctx, employer.token, 'DELETE', '/krye/employers/roles/1');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ roles: ['Punëtor', 'Shofer'] });
  });

  it.each([
    [1, 'This role is held by 1 employee; assign them another role first.', 'roleHeldOne'],
    [3, 'This role is held by 3 employees; assign them another role first.', 'roleHeld'],
  ])('refuses a role %i employees hold and keeps it', async (holders, message, code) => {
    const employer = await createWorkspace(ctx);
    for (let i = 0; i < holders; i += 1) await addEmployee(ctx, employer.token, { role: 'Mjeshtër' });
    const res = await call(ctx, employer.token, 'DELETE', '/krye/employers/roles/1');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ Status: false, Error: message, code });
    expect(await rolesOf(employer.token)).toEqual(['Punëtor', 'Mjeshtër']);
  });

  it('answers 404 for an index past the end', async () => {
    const employer = await createWorkspace(ctx);
    const res = await call(ctx, employer.token, 'DELETE', '/krye/employers/roles/5');
    expect(res.statusCode).toBe(404);
    expect(await rolesOf(employer.token)).toEqual(['Punëtor', 'Mjeshtër']);
  });

  it('deletes only from the caller’s list', async () => {
    const a = await createWorkspace(ctx);
    const b = await createWorkspace(ctx);
    await rolesOf(b.token);
    await call(ctx, a.token, 'DELETE', '/krye/employers/roles/0');
    expect(await rolesOf(b.token)).toEqual(['Punëtor', 'Mjeshtër']);
  });
});
