import http from 'node:http';

/**
 * A small JSON client on node:http with a keep-alive agent: lighter than fetch, so the client
 * takes less of the CPU the server under test needs (the bench and the server share the machine).
 */
export function jsonClient(baseUrl, { connections = 16 } = {}) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const base = new URL(baseUrl);
  /** Sends one request; resolves `{ status, body, headers }` (body parsed when JSON). */
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
          const chunks = [];
          res.on('data', (chunk) => chunks.push(chunk));
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
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

/** Throws with the server's answer unless the status is the expected one. */
export function expectStatus(res, expected, what) {
  if (res.status !== expected) {
    throw new Error(`${what}: expected ${expected}, got ${res.status} ${JSON.stringify(res.body)}`);
  }
  return res.body;
}
