import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiRoute, apiRouteTable, routeKey } from '../helpers/route-table';
import { bodyText, paramValue, queryObject, schemaKeys, sessionHeaders } from './arbitraries';
import { type Actor, buildWorld, changedTables, databaseWatch, headersOf, type World } from './world';

/** `PUNA_FUZZ_SEED=<n>` replays a run; `PUNA_FUZZ_RUNS` changes how many requests it makes. */
const SEED = Number(process.env.PUNA_FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
const TOTAL_RUNS = Number(process.env.PUNA_FUZZ_RUNS ?? 2000);

/** Routes that speak plain text to ZKTeco clocks: their refusals are text, not the JSON envelope. */
const TEXT_PROTOCOL = /^\/iclock\//;

/** The caller that owns a route, so requests get past access control and reach validation. */
function ownerOf(route: ApiRoute): Actor | 'device' {
  switch (route.auth) {
    case 'employer':
    case 'user':
      return 'employerA';
    case 'worker':
      return 'workerA';
    case 'admin':
      return 'admin';
    case 'device':
      return 'device';
    default:
      return 'anonymous';
  }
}

type Fuzzed = {
  params: Record<string, string>;
  query: Record<string, string | string[]>;
  body: string | null;
  session: { via: 'bearer' | 'cookie'; headers: Record<string, string> };
};

function fuzzedRequest(route: ApiRoute): fc.Arbitrary<Fuzzed> {
  const paramNames = [...route.url.matchAll(/:(\w+)/g)].map((match) => match[1] as string);
  const hasBody = route.method !== 'GET';
  return fc.record({
    params: fc.record(Object.fromEntries(paramNames.map((name) => [name, paramValue]))),
    query: queryObject(schemaKeys(route.schema.querystring)),
    body: hasBody ? fc.option(bodyText(schemaKeys(route.schema.body)), { freq: 8 }) : fc.constant(null),
    session: sessionHeaders,
  });
}

describe(`fuzzing every route's params, query and body (seed ${SEED})`, () => {
  let world: World;
  let routes: ApiRoute[];
  beforeAll(async () => {
    world = await buildWorld();
    // Deletions last, so the data the other routes address is still there when they are fuzzed.
    const table = apiRouteTable(world.ctx.routes);
    routes = [...table.filter((r) => r.method !== 'DELETE'), ...table.filter((r) => r.method === 'DELETE')];
  }, 120_000);
  afterAll(async () => world?.close());

  it('never answers 5xx, refuses with { Status: false, Error }, and a refusal changes nothing', async () => {
    console.log(`fuzz seed ${SEED} (replay with PUNA_FUZZ_SEED=${SEED})`);
    const perRoute = Math.ceil(TOTAL_RUNS / routes.length);
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    let requests = 0;
    const database = databaseWatch(world.ctx);
    let before = await database.snapshot();

    for (const [index, route] of routes.entries()) {
      const owner = ownerOf(route);
      const property = fc.asyncProperty(fuzzedRequest(route), async (fuzzed) => {
        const path = route.url.replace(/:(\w+)/g, (_m, name: string) => encodePart(fuzzed.params[name] ?? ''));
        const headers: Record<string, string> =
          owner === 'device'
            ? { authorization: world.ids.deviceAuthA }
            : owner !== 'anonymous' && fuzzed.session.via === 'cookie'
              ? {
                  cookie: `puna_session=${world.tokens[owner]}`,
                  'content-type': 'application/json',
                  ...fuzzed.session.headers,
                }
              : { ...headersOf(world, owner), 'content-type': 'application/json', ...fuzzed.session.headers };
        const query = TEXT_PROTOCOL.test(route.url) ? { SN: world.ids.clockA, ...fuzzed.query } : fuzzed.query;
        const url = `${path}?${queryString(query)}`;
        const res = await world.ctx.app.inject({
          method: route.method as 'POST',
          url,
          headers,
          ...(fuzzed.body === null ? {} : { payload: fuzzed.body }),
        });
        requests += 1;
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
        const after = await database.snapshot();
        const problems: string[] = [];
        if (res.statusCode >= 500) problems.push(`answered ${res.statusCode}`);
        if (res.statusCode >= 400 && !TEXT_PROTOCOL.test(route.url)) {
          const body = parseJson(res.body);
          if (body?.Status !== false || typeof body.Error !== 'string' || body.Error.length === 0) {
            problems.push(`refused without the envelope: ${res.body.slice(0, 200)}`);
          }
        }
        if (res.statusCode >= 400) {
          const changed = changedTables(before, after);
          if (changed.length > 0) problems.push(`refused with ${res.statusCode} but changed ${changed.join(', ')}`);
        }
        before = after;
        if (problems.length === 0) return true;
        const shown = JSON.stringify({ url: url.slice(0, 200), query, body: fuzzed.body?.slice(0, 300) });
        failures.push(`${routeKey(route)}: ${problems.join('; ')} for ${shown}`);
        return false;
      });
      // Fixed per route, so a failure replays on its own route whatever else is fuzzed.
      const requestsBefore = requests;
      const details = await fc.check(property, { seed: SEED + index, numRuns: perRoute, endOnFailure: true });
      if (requests === requestsBefore)
        failures.push(`${routeKey(route)}: no request was made (${JSON.stringify(details)})`);
      // A throw inside the property (rather than a refused check) is reported by fast-check itself.
      if (details.failed && !failures.some((failure) => failure.startsWith(`${routeKey(route)}:`))) {
        failures.push(
          `${routeKey(route)}: ${String(details.errorInstance)} (seed ${SEED + index}, run ${details.numRuns})`,
        );
      }
    }

    const spread = [...statuses.entries()].sort(([a], [b]) => a - b).map(([status, n]) => `${status}×${n}`);
    console.log(
      `fuzz: ${requests} requests over ${routes.length} routes; statuses ${spread.join(' ')}; ${database.taken} database snapshots`,
    );
    expect(failures).toEqual([]);
    expect(requests).toBeGreaterThanOrEqual(TOTAL_RUNS);
  }, 600_000);
});

/** Percent-encoding; a lone surrogate (which has no UTF-8) goes out as the invalid bytes ED A0 80. */
function encodePart(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return `${encodeURIComponent(value.replace(/[\ud800-\udfff]/g, ''))}%ED%A0%80`;
  }
}

function queryString(query: Record<string, string | string[]>): string {
  return Object.entries(query)
    .flatMap(([key, value]) => [value].flat().map((item) => `${encodePart(key)}=${encodePart(item)}`))
    .join('&');
}

function parseJson(text: string): { Status?: unknown; Error?: unknown } | null {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
