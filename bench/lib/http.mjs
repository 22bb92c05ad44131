import http from 'node:http';

/**
 * An answer: the status, the body parsed when it is JSON (else the text; null when empty) and the
 * headers. The body is `unknown`: a caller casts it to the shape it reads once the status is checked.
 * @typedef {object} Answer
 * @property {number} status
 * @property {unknown} body
 * @property {http.IncomingHttpHeaders} headers
 */

/**
 * @typedef {object} RequestOptions
 * @property {unknown} [body] sent as JSON
 * @property {Record<string, string>} [headers]
 */

/** @typedef {ReturnType<typeof jsonClient>} JsonClient */

/**
 * A small JSON client on node:http with a keep-alive agent: lighter than fetch, so the client
 * takes less of the CPU the server under test needs (the bench and the server share the machine).
 * @param {string} baseUrl
 * @param {{ connections?: number }} [options]
 */
export function jsonClient(baseUrl, { connections = 16 } = {}) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const base = new URL(baseUrl);
  /**
   * Sends one request; resolves `{ status, body, headers }` (body parsed when JSON).
   * @param {string} method
   * @param {string} path
   * @param {RequestOptions} [options]
   * @returns {Promise<Answer>}
   */
  function request(method, path, { body, headers = {} } = {}) {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    return new Promise((resolve, reject) => {
      const req = http.request(
        {
          agent,
          host: base.hostname,
          port: base.port,
          method,
          path,
          headers: {
            accept: 'application/json',
            'x-requested-with': 'puna-bench',
            ...(payload === undefined
              ? {}
              : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
            ...headers,
          },
        },
        (res) => {
          /** @type {Buffer[]} */
          const chunks = [];
          res.on('data', (chunk) => chunks.push(chunk));
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            /** @type {unknown} */
            let parsed = text;
            try {
              parsed = text ? JSON.parse(text) : null;
            } catch {
              // not JSON: keep the text
            }
            resolve({ status: res.statusCode ?? 0, body: parsed, headers: res.headers });
          });
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      if (payload !== undefined) req.write(payload);
      req.end();
    });
  }
  return { request, close: () => agent.destroy() };
}

/**
 * Throws with the server's answer unless the status is the expected one; returns the body.
 * @param {Answer} res
 * @param {number} expected
 * @param {string} what names the request in the error
 * @returns {unknown}
 */
export function expectStatus(res, expected, what) {
  if (res.status !== expected) {
    throw new Error(`${what}: expected ${expected}, got ${res.status} ${JSON.stringify(res.body)}`);
  }
  return res.body;
}
