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
import { io } from 'socket.io-client';

const CONNECT_PARALLEL = 50;

let sockets = [];
let run = null;
/** index → how many sockets got it; a socket's own set catches duplicates. */
let counts = new Map();
let latencies = [];
let duplicates = 0;

function connect({ url, token }) {
  const socket = io(url, {
    path: '/socket.io',
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    auth: { token },
  });
  const seen = new Set();
  socket.on('newMessage', (message) => {
    const arrivedAt = Date.now();
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
    if (count === sockets.length) process.send({ type: 'complete', index: key });
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (error) => reject(new Error(`socket to ${url}: ${error.message}`)));
  });
}

process.on('message', async (command) => {
  try {
    if (command.type === 'connect') {
      const targets = command.targets;
      for (let start = 0; start < targets.length; start += CONNECT_PARALLEL) {
        sockets.push(...(await Promise.all(targets.slice(start, start + CONNECT_PARALLEL).map(connect))));
      }
      process.send({ type: 'connected', count: sockets.length });
    } else if (command.type === 'run') {
      run = command.run;
      counts = new Map();
      latencies = [];
      duplicates = 0;
      process.send({ type: 'running', run });
    } else if (command.type === 'report') {
      const received = [...counts.values()].reduce((sum, n) => sum + n, 0);
      process.send({ type: 'report', latencies, received, duplicates });
    } else if (command.type === 'close') {
      for (const socket of sockets) socket.disconnect();
      sockets = [];
      process.exit(0);
    }
  } catch (error) {
    process.send({ type: 'error', message: error.message });
  }
});
