// A process of chat receivers for the chat-fanout suite (forked with an IPC channel): one Socket.IO
// connection per worker (WebSocket transport, as the web app uses), each recording when every
// `newMessage` arrives. Commands from the parent:
//   { type: 'connect', targets: [{ url, token }] } → { type: 'connected', count }
//   { type: 'run', run }  → start counting the messages of that run; for each message that every
//                           socket has received: { type: 'complete', index }
//   { type: 'report' }    → { type: 'report', latencies, received, duplicates }
//   { type: 'close' }     → disconnects and exits
// A message's content is JSON `{ run, index, sentAt }` (sentAt: Date.now() in the sender, the same
// machine's clock), so latency = arrival − sentAt.
import { chatSocket } from './chat-socket.mjs';

/**
 * A command from the parent.
 * @typedef {{ type: 'connect', targets: Target[] } | { type: 'run', run: string } | { type: 'report' }
 *   | { type: 'close' }} Command
 */

/**
 * A message to the parent.
 * @typedef {{ type: 'connected', count: number } | { type: 'running', run: string }
 *   | { type: 'complete', index: number }
 *   | { type: 'report', latencies: number[], received: number, duplicates: number }
 *   | { type: 'error', message: string }} Reply
 */

/**
 * A server to connect to and the session token a socket authenticates with.
 * @typedef {{ url: string, token: string }} Target
 */

const CONNECT_PARALLEL = 50;

/** @type {import('socket.io-client').Socket[]} */
let sockets = [];
/** @type {string | null} */
let run = null;
/**
 * index → how many sockets got it; a socket's own set catches duplicates.
 * @type {Map<number, number>}
 */
let counts = new Map();
/** @type {number[]} */
let latencies = [];
let duplicates = 0;

/**
 * Sends a message to the parent (this process is always forked with an IPC channel).
 * @param {Reply} message
 */
function tell(message) {
  process.send?.(message);
}

/**
 * @param {Target} target
 * @returns {Promise<import('socket.io-client').Socket>}
 */
function connect({ url, token }) {
  const socket = chatSocket(url, token);
  /** @type {Set<string>} */
  const seen = new Set();
  socket.on('newMessage', (/** @type {{ content: string }} */ message) => {
    const arrivedAt = Date.now();
    /** @type {{ run?: string, index: number, sentAt: number }} */
    let body;
    try {
      body = JSON.parse(message.content);
    } catch {
      return;
    }
    if (body.run !== run) return;
    const key = body.index;
    if (seen.has(`${run}:${key}`)) {
      duplicates += 1;
      return;
    }
    seen.add(`${run}:${key}`);
    latencies.push(arrivedAt - body.sentAt);
    const count = (counts.get(key) ?? 0) + 1;
    counts.set(key, count);
    if (count === sockets.length) tell({ type: 'complete', index: key });
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (error) => reject(new Error(`socket to ${url}: ${error.message}`)));
  });
}

process.on('message', async (/** @type {Command} */ command) => {
  try {
    if (command.type === 'connect') {
      const targets = command.targets;
      for (let start = 0; start < targets.length; start += CONNECT_PARALLEL) {
        sockets.push(...(await Promise.all(targets.slice(start, start + CONNECT_PARALLEL).map(connect))));
      }
      tell({ type: 'connected', count: sockets.length });
    } else if (command.type === 'run') {
      run = command.run;
      counts = new Map();
      latencies = [];
      duplicates = 0;
      tell({ type: 'running', run: command.run });
    } else if (command.type === 'report') {
      const received = [...counts.values()].reduce((sum, n) => sum + n, 0);
      tell({ type: 'report', latencies, received, duplicates });
    } else if (command.type === 'close') {
      for (const socket of sockets) socket.disconnect();
      sockets = [];
      process.exit(0);
    }
  } catch (error) {
    tell({ type: 'error', message: error instanceof Error ? error.message : String(error) });
  }
});
