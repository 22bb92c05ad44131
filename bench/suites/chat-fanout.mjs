import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { connectSender, receiverProcess } from '../lib/chat-clients.mjs';
import { openDriver, seedReceivers } from '../lib/chat-seed.mjs';
import { expectStatus, jsonClient } from '../lib/http.mjs';
import { onEachDatabase } from '../lib/postgres.mjs';
import { resultRow } from '../lib/rows.mjs';
import { startServer } from '../lib/server.mjs';
import { createPremiumEmployer } from '../lib/workspace.mjs';

const TEMPLATE_PASSWORD = 'receiver-password-1';
const TARGET_SIZE = 500;
const TARGET_P99_MS = 100;
/** How long one message may take to reach every receiver before it counts as lost for some. */
const COMPLETE_TIMEOUT_MS = 5000;
/** Receivers connect in this many steps (2 in a quick run), the server's RSS read after each. */
const MEMORY_STEPS = 5;
const QUICK_MEMORY_STEPS = 2;

/** @typedef {import('../lib/types.mjs').Row} Row */
/** @typedef {import('../lib/server.mjs').Server} Server */
/** @typedef {ReturnType<typeof receiverProcess>} Receivers */
/** @typedef {import('socket.io-client').Socket} Socket */
/**
 * What to measure: the sizes (receivers per group), the messages per size, the steps the receivers
 * connect in, whether a quick run.
 * @typedef {{ sizes: number[], messages: number, memorySteps: number, quick: boolean }} Shape
 */
/**
 * The seeded receivers: their session tokens, the group chat of each size, one receiver's email,
 * and the employer's session token (the sender).
 * @typedef {Awaited<ReturnType<typeof seedReceivers>> & { employerToken: string }} Seeded
 */
/**
 * @typedef {object} Result
 * @property {number | null} p50
 * @property {number | null} p99
 * @property {number | null} max
 * @property {number} lost
 * @property {number} duplicates
 * @property {number | null} kibPerConnection
 * @property {number | null} cpuPerMessage
 */
/** @typedef {{ ok: boolean, error?: string }} Ack */

/**
 * Chat fan-out: an employer sends messages over its socket (`sendMessage`) to a group chat of N
 * workers, each connected with its own socket from a separate receiver process; the time from just
 * before the send to each arrival is measured (one machine, one clock). Each message is sent once
 * the previous one has reached everyone, so the figures are per-message latency, not throughput.
 * Memory per connection is the servers' RSS growth while the N sockets connect, divided by N.
 * One process on PGlite and on PostgreSQL; two processes on one PostgreSQL (receivers split
 * between them, the sender on the first), where messages cross through the Postgres adapter.
 * @type {import('../lib/types.mjs').Suite}
 */
export default {
  name: 'chat-fanout',
  async run({ quick, log }) {
    // A quick run (CI's smoke test): 50 receivers, 3 messages, PGlite only.
    const sizes = quick ? [50] : [100, 500, 1000];
    const messages = quick ? 3 : 20;
    const shape = { sizes, messages, memorySteps: quick ? QUICK_MEMORY_STEPS : MEMORY_STEPS, quick };
    // PGlite in one process; PostgreSQL in one and in two sharing the database.
    return onEachDatabase({ quick, log }, (db, databaseUrl) =>
      onDatabase(db, databaseUrl, db === 'pglite' ? [1] : [1, 2], shape, log),
    );
  },
};

/**
 * @param {'pglite' | 'postgres'} db
 * @param {string | null} databaseUrl
 * @param {number[]} processCounts the configurations: servers sharing the database
 * @param {Shape} shape
 * @param {(line: string) => void} log
 * @returns {Promise<Row[]>}
 */
async function onDatabase(db, databaseUrl, processCounts, shape, log) {
  const count = Math.max(...shape.sizes);
  // Accounts: an employer and one worker with a login through the API, then the receivers seeded.
  const first = await startServer({ databaseUrl, migrated: shape.quick });
  const dataDir = first.dataDir;
  /** @type {Seeded} */
  let seeded;
  try {
    const client = jsonClient(first.url);
    const employer = await createPremiumEmployer(first, client);
    const templateEmail = `template-${randomBytes(4).toString('hex')}@bench.test`;
    expectStatus(
      await client.request('POST', '/krye/add_employee', {
        body: {
          name: 'Template',
          salary: 4,
          wages: 'Orë',
          role: 'Punëtor',
          email: templateEmail,
          password: TEMPLATE_PASSWORD,
        },
        headers: employer.headers,
      }),
      201,
      'template worker',
    );
    client.close();
    await first.stop({ keepData: true });
    const driver = await openDriver(first, databaseUrl);
    const started = Date.now();
    try {
      seeded = {
        ...(await seedReceivers(driver, {
          employerId: employer.employerId,
          templateEmail,
          count,
          sizes: shape.sizes,
        })),
        employerToken: employer.headers.authorization.slice('Bearer '.length),
      };
    } finally {
      await driver.close();
    }
    log(`${db}: ${count} receivers with logins and sessions seeded in ${Date.now() - started} ms`);
  } catch (error) {
    first.removeData();
    throw error;
  }

  /** @type {Row[]} */
  const rows = [];
  try {
    for (const processes of processCounts) {
      for (const size of shape.sizes) {
        /** @type {Server[]} */
        const servers = [];
        try {
          // A fresh process (or two) per size, so its RSS growth is this size's connections alone.
          for (let i = 0; i < processes; i += 1) servers.push(await startServer({ databaseUrl, dataDir }));
          const [first] = servers;
          if (!first) throw new Error('no server started');
          if (size === shape.sizes[0] && processes === processCounts[0]) await checkSeededLogin(first, seeded);
          const result = await measure(first, servers, seeded, size, shape);
          log(
            `${db}, ${processes} process${processes > 1 ? 'es' : ''}, ${size} receivers: p50 ${result.p50} / p99 ${result.p99} / max ${result.max} ms, ` +
              `lost ${result.lost}, duplicated ${result.duplicates}, ${result.kibPerConnection ?? '—'} KiB per connection, ` +
              `server CPU ${result.cpuPerMessage ?? '—'} ms per message`,
          );
          rows.push(...toRows(db, processes, size, result, shape));
        } finally {
          for (const server of servers) await server.stop({ keepData: true });
        }
      }
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return rows;
}

/**
 * A seeded login is a real one: it logs in through the API with the template's password.
 * @param {Server} server
 * @param {Seeded} seeded
 */
async function checkSeededLogin(server, seeded) {
  const client = jsonClient(server.url);
  try {
    expectStatus(
      await client.request('POST', '/auth/login', { body: { email: seeded.sampleEmail, password: TEMPLATE_PASSWORD } }),
      200,
      'seeded worker login',
    );
  } finally {
    client.close();
  }
}

/**
 * @param {number} pid
 * @returns {number | null}
 */
function rssKib(pid) {
  try {
    const line = fs
      .readFileSync(`/proc/${pid}/status`, 'utf8')
      .split('\n')
      .find((l) => l.startsWith('VmRSS:'));
    return line ? Number(line.split(/\s+/)[1]) : null;
  } catch {
    return null;
  }
}

/**
 * The sum of some readings, null when one of them is missing.
 * @param {(number | null)[]} values
 */
const sumOrNull = (values) => {
  let sum = 0;
  for (const value of values) {
    if (value === null) return null;
    sum += value;
  }
  return sum;
};

/** @param {Server[]} servers */
const totalCpu = (servers) => sumOrNull(servers.map((server) => server.cpuMs()));

/** @param {Server[]} servers */
const totalRss = (servers) => sumOrNull(servers.map((server) => (server.pid ? rssKib(server.pid) : null)));

/**
 * Least-squares slope of RSS (KiB) over connections; null without RSS readings.
 * @param {{ connections: number, rss: number | null }[]} readings
 */
function slope(readings) {
  /** @type {{ connections: number, rss: number }[]} */
  const known = [];
  for (const { connections, rss } of readings) {
    if (rss === null) return null;
    known.push({ connections, rss });
  }
  const n = known.length;
  const meanX = known.reduce((sum, r) => sum + r.connections, 0) / n;
  const meanY = known.reduce((sum, r) => sum + r.rss, 0) / n;
  const covariance = known.reduce((sum, r) => sum + (r.connections - meanX) * (r.rss - meanY), 0);
  const variance = known.reduce((sum, r) => sum + (r.connections - meanX) ** 2, 0);
  return Number((covariance / variance).toFixed(1));
}

/**
 * @param {number[]} sorted
 * @param {number} p
 */
const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? null;

/**
 * The servers' RSS once it holds still: the median of five readings 200 ms apart.
 * @param {Server[]} servers
 * @returns {Promise<number | null>}
 */
async function settledRss(servers) {
  /** @type {number[]} */
  const readings = [];
  for (let i = 0; i < 5; i += 1) {
    const reading = totalRss(servers);
    if (reading === null) return null;
    readings.push(reading);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return readings.sort((a, b) => a - b)[2] ?? null;
}

/**
 * Sends `count` messages of one run, each once the previous has reached every receiver.
 * @param {Socket} sender
 * @param {Receivers} receivers
 * @param {number} chatId
 * @param {string} run
 * @param {number} count
 * @returns {Promise<number>} how many messages did not reach everyone in time
 */
async function sendRun(sender, receivers, chatId, run, count) {
  await receivers.request({ type: 'run', run }, 'running');
  let incomplete = 0;
  for (let index = 0; index < count; index += 1) {
    const complete = receivers.whenComplete(index, COMPLETE_TIMEOUT_MS);
    const content = JSON.stringify({ run, index, sentAt: Date.now() });
    /** @type {Ack} */
    const ack = await sender
      .timeout(10_000)
      .emitWithAck('sendMessage', { chatId, content, messageId: `${run}-${index}` });
    if (!ack.ok) throw new Error(`sendMessage refused: ${ack.error}`);
    if (!(await complete)) incomplete += 1;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return incomplete;
}

/**
 * @param {Server} first the sender's server
 * @param {Server[]} servers all of them, `first` included
 * @param {Seeded} seeded
 * @param {number} size
 * @param {Shape} shape
 * @returns {Promise<Result>}
 */
async function measure(first, servers, seeded, size, { messages, memorySteps }) {
  const receivers = receiverProcess();
  /** @type {Socket | undefined} */
  let sender;
  try {
    const chatId = seeded.chats[size];
    if (chatId === undefined) throw new Error(`no chat seeded for ${size} receivers`);
    // The sender connects and warms the path up (no receiver online yet) before the first reading.
    sender = await connectSender(first.url, seeded.employerToken);
    for (let index = 0; index < 3; index += 1) {
      /** @type {Ack} */
      const ack = await sender.timeout(10_000).emitWithAck('sendMessage', {
        chatId,
        content: `warm-up ${index}`,
        messageId: `warm-${randomBytes(3).toString('hex')}-${index}`,
      });
      if (!ack.ok) throw new Error(`sendMessage refused: ${ack.error}`);
    }
    // Receiver i connects to process i mod P: split evenly across the processes. They connect in
    // five steps (two in a quick run) with the RSS read before and after each; the slope of those six
    // readings is the memory per connection, so one garbage collection between two readings moves it little.
    const targets = seeded.tokens
      .slice(0, size)
      .map((token, i) => ({ url: (servers[i % servers.length] ?? first).url, token }));
    const readings = [{ connections: 0, rss: await settledRss(servers) }];
    const step = Math.ceil(size / memorySteps);
    for (let start = 0; start < size; start += step) {
      const connected = await receivers.request(
        { type: 'connect', targets: targets.slice(start, start + step) },
        'connected',
      );
      readings.push({ connections: connected.count, rss: await settledRss(servers) });
    }
    const connected = readings.at(-1)?.connections ?? 0;
    if (connected !== size) throw new Error(`only ${connected} of ${size} receivers connected`);
    // Two unmeasured messages to the receivers, then the measured ones.
    await sendRun(sender, receivers, chatId, `warm-${randomBytes(3).toString('hex')}`, 2);
    const cpuBefore = totalCpu(servers);
    const incomplete = await sendRun(sender, receivers, chatId, `run-${randomBytes(3).toString('hex')}`, messages);
    const cpuAfter = totalCpu(servers);
    // Stragglers of a message that timed out still count as arrived (late), not lost.
    if (incomplete > 0) await new Promise((resolve) => setTimeout(resolve, 2000));
    const report = await receivers.request({ type: 'report' }, 'report');
    const sorted = report.latencies.sort((a, b) => a - b);
    return {
      p50: percentile(sorted, 50),
      p99: percentile(sorted, 99),
      max: sorted.at(-1) ?? null,
      lost: size * messages - report.received,
      duplicates: report.duplicates,
      kibPerConnection: slope(readings),
      cpuPerMessage:
        cpuBefore === null || cpuAfter === null ? null : Number(((cpuAfter - cpuBefore) / messages).toFixed(1)),
    };
  } finally {
    sender?.disconnect();
    await receivers.close();
  }
}

/**
 * @param {'pglite' | 'postgres'} db
 * @param {number} processes
 * @param {number} size
 * @param {Result} result
 * @param {Shape} shape
 * @returns {Row[]}
 */
function toRows(db, processes, size, result, { messages, quick }) {
  const where = `${size} receivers, ${processes} process${processes > 1 ? 'es' : ''}`;
  const targeted = !quick && size === TARGET_SIZE;
  /**
   * @param {string} metric
   * @param {Row['value']} value
   * @param {string} unit
   * @param {string | null} target
   * @param {boolean | null} met
   * @returns {Row}
   */
  const row = (metric, value, unit, target, met) =>
    resultRow('chat-fanout', metric, db, value, unit, { target: targeted ? target : null, met: targeted ? met : null });
  return [
    row(
      `${where}: latency p50 / p99 / max (${messages} messages)`,
      `${result.p50} / ${result.p99} / ${result.max}`,
      'ms',
      `p99 ≤ ${TARGET_P99_MS}`,
      result.p99 !== null && result.p99 <= TARGET_P99_MS,
    ),
    row(
      `${where}: lost / duplicated`,
      `${result.lost} / ${result.duplicates}`,
      'messages',
      '0 / 0',
      result.lost === 0 && result.duplicates === 0,
    ),
    row(`${where}: server memory per connection`, result.kibPerConnection, 'KiB', null, null),
    // Steadier than latency on a busy machine: the CPU the server(s) spent, not the time it waited.
    row(`${where}: server CPU per message`, result.cpuPerMessage, 'ms', null, null),
  ];
}
