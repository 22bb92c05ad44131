import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../helpers/app';
import { bearer, createEmployer } from '../helpers/factories';
import { ICLOCK_ROUTES } from '../helpers/iclock-routes';
import { type ApiRoute, apiRouteTable, routeKey } from '../helpers/route-table';

const ICLOCK = 'a ZKTeco clock speaks plain text (ADMS), not JSON';

/** Routes whose success is not a JSON document, so it has no response schema. */
const NO_JSON_SUCCESS: Record<string, string> = {
  'GET /krye/export/hours': 'answers a CSV or XLSX file',
  'GET /krye/export/pay': 'answers a CSV or XLSX file',
  'GET /krye/export/payroll': 'answers a CSV or XLSX file',
  'GET /krye/payslip/:employeeId': 'answers a PDF file',
  'GET /krye/worker/me/payslip': 'answers a PDF file',
  'GET /krye/payslips': 'answers a PDF file (a page per worker)',
  'GET /krye/declaration': 'answers an XLSX file',
  'GET /krye/punches/:id/photo': 'answers a JPEG image',
  'GET /krye/employees/:id/badge.pdf': 'answers a PDF file (a card-sized QR badge)',
  ...Object.fromEntries(ICLOCK_ROUTES.map((key) => [key, ICLOCK])),
};

/** Writes that take no JSON body schema. */
const NO_BODY_SCHEMA: Record<string, string> = {
  'POST /api/paypal/webhook': 'the event goes back to PayPal for signature verification exactly as received',
  ...Object.fromEntries(ICLOCK_ROUTES.filter((key) => key.startsWith('POST ')).map((key) => [key, ICLOCK])),
};

const FIRMWARE = 'time clocks of other makers and newer firmware add fields of their own; they are ignored';
const WEB_FORM = 'also the web form’s zodResolver schema: the form must be proven strict-safe end to end first';

/**
 * Bodies and queries that accept (and drop) properties they do not declare, each with its reason.
 * Every other one refuses an unknown property with 400.
 */
const LENIENT: Record<string, string> = {
  'PUT /auth/updateEmployer/:id body': 'the spec’s admin screen sends the whole employer row; only four fields apply',
  'POST /device/v1/heartbeat body': FIRMWARE,
  'POST /device/v1/scans body': FIRMWARE,
  ...Object.fromEntries(
    ICLOCK_ROUTES.map((key) => [
      `${key} querystring`,
      `${ICLOCK}; firmware sends options such as pushver and language`,
    ]),
  ),
  'POST /krye/add_employee body': WEB_FORM,
  'POST /api/controllers body': WEB_FORM,
  'POST /api/group-devices body': WEB_FORM,
  'PUT /api/group-devices/:id body': WEB_FORM,
  'PUT /krye/edit_rfid body': WEB_FORM,
  'PUT /auth/changepassword/:id body': WEB_FORM,
};

type ZodDef = { type: string; [key: string]: unknown };
const defOf = (schema: unknown): ZodDef | undefined => (schema as { _zod?: { def?: ZodDef } } | undefined)?._zod?.def;

/** Whether every object at the top of a schema (through wrappers, arrays and unions) refuses unknown keys. */
function refusesUnknownKeys(schema: unknown): boolean {
  const def = defOf(schema);
  if (!def) return false;
  switch (def.type) {
    case 'object':
      return defOf(def.catchall)?.type === 'never';
    case 'optional':
    case 'nullable':
    case 'default':
      return refusesUnknownKeys(def.innerType);
    case 'pipe':
      return refusesUnknownKeys(def.in);
    case 'array':
      return refusesUnknownKeys(def.element);
    case 'union':
      return (def.options as unknown[]).every(refusesUnknownKeys);
    default:
      return false;
  }
}

function objectKeys(schema: unknown): string[] {
  const def = defOf(schema);
  return def?.type === 'object' ? Object.keys(def.shape as object) : [];
}

describe('route schema declarations', () => {
  let ctx: TestContext;
  let routes: ApiRoute[];
  beforeAll(async () => {
    ctx = await createTestApp();
    routes = apiRouteTable(ctx.routes);
  });
  afterAll(async () => ctx?.close());

  it('finds the API routes of every module', () => {
    expect(routes.length).toBeGreaterThan(80);
    expect(routes.map(routeKey)).toEqual(
      expect.arrayContaining(['POST /auth/login', 'GET /krye/klista', 'POST /device/v1/scans', 'GET /iclock/cdata']),
    );
  });

  it('declares a JSON response schema for success on every route, unless it answers a file or text', () => {
    const missing = routes
      .filter((route) => !NO_JSON_SUCCESS[routeKey(route)])
      .filter((route) => !Object.keys(route.schema.response ?? {}).some((status) => /^2\d\d$/.test(status)))
      .map(routeKey);
    expect(missing).toEqual([]);
    expect(Object.keys(NO_JSON_SUCCESS).filter((key) => !routes.some((route) => routeKey(route) === key))).toEqual([]);
  });

  it('declares path parameters exactly as the path names them', () => {
    const wrong = routes
      .map((route) => {
        const inPath = [...route.url.matchAll(/:(\w+)/g)].map((match) => match[1]).sort();
        return { key: routeKey(route), inPath, declared: objectKeys(route.schema.params).sort() };
      })
      .filter(({ inPath, declared }) => JSON.stringify(inPath) !== JSON.stringify(declared));
    expect(wrong).toEqual([]);
  });

  it('declares a body schema on every POST and PUT, unless the body is not JSON', () => {
    const missing = routes
      .filter((route) => ['POST', 'PUT', 'PATCH'].includes(route.method))
      .filter((route) => !route.schema.body && !NO_BODY_SCHEMA[routeKey(route)])
      .map(routeKey);
    expect(missing).toEqual([]);
    expect(Object.keys(NO_BODY_SCHEMA).filter((key) => !routes.some((route) => routeKey(route) === key))).toEqual([]);
  });

  it('refuses unknown properties in every body and query, apart from the listed lenient ones', () => {
    const lenient: string[] = [];
    for (const route of routes) {
      for (const part of ['body', 'querystring'] as const) {
        const schema = route.schema[part];
        if (schema && !refusesUnknownKeys(schema)) lenient.push(`${routeKey(route)} ${part}`);
      }
    }
    expect(lenient.filter((key) => !LENIENT[key])).toEqual([]);
    // A schema made strict leaves the list too, so it never hides a later regression.
    expect(Object.keys(LENIENT).filter((key) => !lenient.includes(key))).toEqual([]);
  });

  it('answers an unknown property in a body or a query with 400 naming it', async () => {
    const employer = await createEmployer(ctx);
    const query = await ctx.app.inject({
      method: 'GET',
      url: '/krye/klista?date=2025-03-04&employer_id=1',
      headers: bearer(employer.token),
    });
    const body = await ctx.app.inject({
      method: 'POST',
      url: '/krye/employers/roles',
      headers: bearer(employer.token),
      payload: { role: 'Saldator', employer_id: 1 },
    });

    expect(query.statusCode).toBe(400);
    expect(query.json()).toMatchObject({ Status: false, Error: 'Unknown field in the request: "employer_id".' });
    expect(body.statusCode).toBe(400);
    expect(body.json()).toMatchObject({ Status: false, Error: 'Unknown field in the request: "employer_id".' });
  });
});
