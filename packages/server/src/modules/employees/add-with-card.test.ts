import type { TEmployee } from '@puna/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../../../test/helpers/app';
import { call, createWorkspace, createWorkspaceTestApp, resultOf } from '../../../test/helpers/workspace-factories';

/** Issue 34 (6): the add form has the card field the edit form has, on the same API field. */
let ctx: TestContext;
let owner: Awaited<ReturnType<typeof createWorkspace>>;
let other: Awaited<ReturnType<typeof createWorkspace>>;

beforeAll(async () => {
  ctx = await createWorkspaceTestApp();
  owner = await createWorkspace(ctx, { companyName: 'Card shpk', premium: true });
  other = await createWorkspace(ctx, { companyName: 'Other shpk', premium: true });
});
afterAll(async () => ctx?.close());

const employee = (name: string, rfid?: unknown) => ({
  name,
  salary: 4,
  wages: 'Orë',
  role: 'Punëtor',
  ...(rfid === undefined ? {} : { rfid }),
});

async function cardOf(token: string, id: number) {
  return resultOf<TEmployee[]>(await call(ctx, token, 'GET', '/krye/employee')).find((row) => row.id === id)?.rfid;
}

describe('POST /krye/add_employee with a card', () => {
  it('stores the card given at add time, written as the edit form writes it (upper case)', async () => {
    const res = await call(ctx, owner.token, 'POST', '/krye/add_employee', employee('Arta Card', ' 04a1b2c3 '));
    expect(res.statusCode).toBe(201);
    const added = res.json<{ Result: TEmployee }>().Result;
    expect(added.rfid).toBe('04A1B2C3');
    expect(await cardOf(owner.token, added.id)).toBe('04A1B2C3');
  });

  it('adds without a card when the field is left empty', async () => {
    const res = await call(ctx, owner.token, 'POST', '/krye/add_employee', employee('Blerim Pa Kartë', ''));
    expect(res.statusCode).toBe(201);
    expect(res.json<{ Result: TEmployee }>().Result.rfid).toBeNull();
  });

  it("refuses a card another of the employer's employees holds, and adds no one", async () => {
    await call(ctx, owner.token, 'POST', '/krye/add_employee', employee('Drita First', 'CAFE0001'));
    const before = resultOf<TEmployee[]>(await call(ctx, owner.token, 'GET', '/krye/employee')).length;

    const res = await call(ctx, owner.token, 'POST', '/krye/add_employee', employee('Drini Second', 'cafe0001'));

    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ Status: false, Error: 'This card is already assigned to another employee.' });
    expect(resultOf<TEmployee[]>(await call(ctx, owner.token, 'GET', '/krye/employee'))).toHaveLength(before);
  });

  it("does not look at another employer's cards", async () => {
    await call(ctx, other.token, 'POST', '/krye/add_employee', employee('Other Holder', 'BEEF0002'));
    const res = await call(ctx, owner.token, 'POST', '/krye/add_employee', employee('Own Holder', 'BEEF0002'));
    expect(res.statusCode).toBe(201);
  });

  it('refuses a card number with characters a reader never sends', async () => {
    const res = await call(ctx, owner.token, 'POST', '/krye/add_employee', employee('Bad Card', 'card #1'));
    expect(res.statusCode).toBe(400);
  });
});
