// The load generator: autocannon in a process of its own (started by lib/load.mjs, pinned to a core
// other than the server's). Reads one job as JSON from argv[2], prints one result as JSON on stdout.
//
// A job: { url, connections, seconds, routes: [{ weight, method, path, headers, body?, make?, check? }] }.
// Requests cycle through the routes by weight. `make` builds a fresh body for every request, so
// writes never collide: 'hours' (one hours entry, each (worker, date) once) or 'scans' (a batch of
// card scans with the device's next sequence numbers). `check: 'scans'` counts an answer that did
// not accept the whole batch as a failure. `inspect: true` reads every answer (to name the route of a
// failure and apply the checks); off, autocannon only counts status codes, which costs it less.
import autocannon from 'autocannon';

/** @typedef {import('./load.mjs').LoadJob} LoadJob */
/** @typedef {import('./load.mjs').LoadRoute} LoadRoute */
/** @typedef {import('./load.mjs').LoadResult} LoadResult */
/**
 * A route whose `make` is the generator of its bodies.
 * @typedef {Omit<LoadRoute, 'make'> & { make: (() => unknown) | null }} Route
 */

const job = /** @type {LoadJob} */ (JSON.parse(process.argv[2] ?? '{}'));
const DAY_MS = 86_400_000;

/**
 * Each generator returns a body for the n-th request that uses it.
 * @param {LoadRoute} route
 * @returns {(() => unknown) | null}
 */
function generator(route) {
  if (route.make?.kind === 'hours') {
    const { workerIds, firstDate } = route.make;
    const start = Date.parse(`${firstDate}T00:00:00Z`);
    let n = 0;
    return () => {
      const worker = workerIds[n % workerIds.length];
      const date = new Date(start + Math.floor(n / workerIds.length) * DAY_MS).toISOString().slice(0, 10);
      n += 1;
      return [{ worker_id: worker, data: date, ora: 8 }];
    };
  }
  if (route.make?.kind === 'scans') {
    const { cards, perRequest, firstSeq, daysAgo } = route.make;
    // Scans a second apart from 06:00 UTC `daysAgo` days back: times a clock can really send (the
    // server refuses scans from the future or before 2000).
    const start = Math.floor(Date.now() / DAY_MS - daysAgo) * DAY_MS + 6 * 3_600_000;
    let seq = firstSeq;
    return () => ({
      scans: Array.from({ length: perRequest }, () => {
        seq += 1;
        return { seq, uid: cards[seq % cards.length], ts: new Date(start + (seq - firstSeq) * 1000).toISOString() };
      }),
    });
  }
  return null;
}

/** @type {Route[]} */
const routes = job.routes.map((route) => ({ ...route, make: generator(route) }));
const [firstRoute] = routes;
if (!firstRoute) throw new Error('a load job needs at least one route');
/** Route indexes in weight order, e.g. weights [2, 1] → [0, 0, 1]; request n takes schedule[n % length]. */
const schedule = routes.flatMap((route, i) => Array.from({ length: route.weight ?? 1 }, () => i));
let sent = 0;
/**
 * Answers that failed, by route, a few of them quoted, and how many 200s refused some scans.
 * @type {LoadResult['failures']}
 */
const failures = { byRoute: {}, samples: [], rejected: 0 };

/**
 * @param {Route} route
 * @param {string} detail
 */
function fail(route, detail) {
  failures.byRoute[route.path] = (failures.byRoute[route.path] ?? 0) + 1;
  if (failures.samples.length < 5) failures.samples.push(`${route.method} ${route.path}: ${detail}`);
}

/**
 * @param {Route} route
 * @param {import('autocannon').Request} [base]
 * @returns {import('autocannon').Request}
 */
function requestOf(route, base = {}) {
  const hasBody = Boolean(route.make || route.body);
  return {
    ...base,
    method: route.method,
    path: route.path,
    headers: { ...base.headers, ...route.headers, ...(hasBody ? { 'content-type': 'application/json' } : {}) },
    body: route.make ? JSON.stringify(route.make()) : route.body ? JSON.stringify(route.body) : undefined,
  };
}

// One fixed request is built once by autocannon; anything else is built per request.
const isFixed = routes.length === 1 && !firstRoute.make;
const result = await autocannon({
  url: job.url,
  connections: job.connections,
  pipelining: 1,
  duration: job.seconds,
  timeout: job.timeoutSeconds ?? 10,
  requests: [
    {
      ...(isFixed
        ? requestOf(firstRoute)
        : {
            setupRequest(request, context) {
              const route = routes[schedule[sent % schedule.length] ?? 0] ?? firstRoute;
              sent += 1;
              context.route = route;
              return requestOf(route, request);
            },
          }),
      onResponse: job.inspect ? inspect : undefined,
    },
  ],
});

/**
 * @param {number} status
 * @param {string} body
 * @param {Record<string, unknown>} context
 */
function inspect(status, body, context) {
  const route = /** @type {Route} */ (context.route ?? firstRoute);
  if (status < 200 || status >= 300) fail(route, `${status} ${String(body).slice(0, 200)}`);
  else if (route.check === 'scans') {
    const answer = /** @type {{ rejected: unknown[] }} */ (JSON.parse(body));
    if (answer.rejected.length > 0) {
      failures.rejected += 1;
      fail(route, `rejected ${JSON.stringify(answer.rejected[0])}`);
    }
  }
}

process.stdout.write(
  JSON.stringify(
    /** @satisfies {LoadResult} */ ({
      requestsPerSecond: result.requests.average,
      total: result.requests.total,
      /** Sent includes the requests still in flight when the run stopped (the server answers them anyway). */
      sent: result.requests.sent,
      seconds: result.duration,
      latency: { p50: result.latency.p50, p99: result.latency.p99, max: result.latency.max },
      non2xx: result.non2xx,
      errors: result.errors,
      timeouts: result.timeouts,
      failures,
    }),
  ),
);
