import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { connectSender, receiverProcess } from '../lib/chat-clients.mjs';
import { openDriver, seedReceivers } from '../lib/chat-seed.mjs';
import { expectStatus, jsonClient } from '../lib/http.mjs';
import { createDatabase, findPostgres } from '../lib/postgres.mjs';
import { startServer } from '../lib/server.mjs';
import { createPremiumEmployer } from '../lib/workspace.mjs';

const TEMPLATE_PASSWORD = 'receiver-password-1';
const TARGET_SIZE = 500;
const TARGET_P99_MS = 100;
/** How long one message may take to reach every receiver before it counts as lost for some. */
const COMPLETE_TIMEOUT_MS = 5000;
/** Receivers connect in this many steps, the server's RSS read after each. */
const MEMORY_STEPS = 5;

/**
 * Chat fan-out: an employer sends messages over its socket (`sendMessage`) to a group chat of N
 * workers, each connected with its own socket from a separate receiver process; the time from just
 * before the send to each arrival is measured (one machine, one clock). Each message is sent once
 * the previous one has reached everyone, so the figures are per-message latency, not throughput.
 * Memory per connection is the servers' RSS growth while the N sockets connect, divided by N.
 * One process on PGlite and on PostgreSQL; two processes on one PostgreSQL (receivers split
 * between them, the sender on the first), where messages cross through the Postgres adapter.
 */
export default {
  name: 'chat-fanout',
  async run({ quick, log }) {
    const sizes = quick ? [100] : [100, 500, 1000];
    const messages = quick ? 5 : 20;
    const shape = { sizes, messages, quick };
    const rows = [];
    rows.push(...(await onDatabase('pglite', null, [1], shape, log)));
    const postgres = await findPostgres();
    if (!postgres) {
      log('PostgreSQL not reachable (TEST_DATABASE_URL or postgres://postgres@127.0.0.1:5432/test): skipped');
      return rows;
    }
    const database = await createDatabase(postgres);
    try {
      rows.push(...(await onDatabase('postgres', database.url, [1, 2], shape, log)));
    } finally {
      await database.drop();
    }
    return rows;
  },
};

async function onDatabase(db, databaseUrl, processCounts, shape, log) {
  const count = Math.max(...shape.sizes);
  // Accounts: an employer and one worker with a login through the API, then the receivers seeded.
  const first = await startServer({ databaseUrl });
  const dataDir = first.dataDir;
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
      seeded = await seedReceivers(driver, {
        employerId: employer.employerId,
        templateEmail,
        count,
        sizes: shape.sizes,
      });
    } finally {
      await driver.close();
    }
    seeded.employerToken = employer.headers.authorization.slice('Bearer '.length);
    log(`${db}: ${count} receivers with logins and sessions seeded in ${Date.now() - started} ms`);
  } catch (error) {
    first.removeData();
    throw error;
  }

  const rows = [];
  try {
    for (const processes of processCounts) {
      for (const size of shape.sizes) {
        const servers = [];
        try {
          // A fresh process (or two) per size, so its RSS growth is this size's connections alone.
          for (let i = 0; i < processes; i += 1) servers.push(await startServer({ databaseUrl, dataDir }));
          if (size === shape.sizes[0] && processes === processCounts[0]) await checkSeededLogin(servers[0], seeded);
          const result = await measure(servers, seeded, size, shape.messages);
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

/** A seeded login is a real one: it logs in through the API with the template's password. */
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

const totalCpu = (servers) => {
  const values = servers.map((server) => server.cpuMs());
  return values.includes(null) ? null : values.reduce((sum, value) => sum + value, 0);
};

const totalRss = (servers) => {
  const values = servers.map((server) => (server.pid ? rssKib(server.pid) : null));
  return values.includes(null) ? null : values.reduce((sum, value) => sum + value, 0);
};

/** Least-squares slope of RSS (KiB) over connections; null without RSS readings. */
function slope(readings) {
  if (readings.some((reading) => reading.rss === null)) return null;
  const n = readings.length;
  const meanX = readings.reduce((sum, r) => sum + r.connections, 0) / n;
  const meanY = readings.reduce((sum, r) => sum + r.rss, 0) / n;
  const covariance = readings.reduce((sum, r) => sum + (r.connections - meanX) * (r.rss - meanY), 0);
  const variance = readings.reduce((sum, r) => sum + (r.connections - meanX) ** 2, 0);
  return Number((covariance / variance).toFixed(1));
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? null;

/** The servers' RSS once it holds still: the median of five readings 200 ms apart. */
async function settledRss(servers) {
  const readings = [];
  for (let i = 0; i < 5; i += 1) {
    readings.push(totalRss(servers));
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  if (readings.includes(null)) return null;
  return readings.sort((a, b) => a - b)[2];
}

/** Sends `count` messages of one run, each once the previous has reached every receiver. */
async function sendRun(sender, receivers, chatId, run, count) {
  await receivers.request({ type: 'run', run }, 'running');
  let incomplete = 0;
  for (let index = 0; index < count; index += 1) {
    const complete = receivers.whenComplete(index, COMPLETE_TIMEOUT_MS);
    const content = JSON.stringify({ run, index, sentAt: Date.now() });
    const ack = await sender
      .timeout(10_000)
      .emitWithAck('sendMessage', { chatId, content, messageId: `${run}-${index}` });
    if (!ack.ok) throw new Error(`sendMessage refused: ${ack.error}`);
    if (!(await complete)) incomplete += 1;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return incomplete;
}

async function measure(servers, seeded, size, messages) {
  const receivers = receiverProcess();
  let sender;
  try {
    const chatId = seeded.chats[size];
    // The sender connects and warms the path up (no receiver online yet) before the first reading.
    sender = await connectSender(servers[0].url, seeded.employerToken);
    for (let index = 0; index < 3; index += 1) {
      const ack = await sender.timeout(10_000).emitWithAck('sendMessage', {
        chatId,
        content: `warm-up ${index}`,
        messageId: `warm-${randomBytes(3).toString('hex')}-${index}`,
      });
      if (!ack.ok) throw new Error(`sendMessage refused: ${ack.error}`);
    }
    // Receiver i connects to process i mod P: split evenly across the processes. They connect in
    // five steps with the RSS read before and after each; the slope of those six readings is the
    // memory per connection, so one garbage collection between two readings moves it little.
    const targets = seeded.tokens.slice(0, size).map((token, i) => ({ url: servers[i % servers.length].url, token }));
    const readings = [{ connections: 0, rss: await settledRss(servers) }];
    const step = Math.ceil(size / MEMORY_STEPS);
    for (let start = 0; start < size; start += step) {
      const connected = await receivers.request(
        { type: 'connect', targets: targets.slice(start, start + step) },
        'connected',
      );
      readings.push({ connections: connected.count, rss: await settledRss(servers) });
    }
    if (readings.at(-1).connections !== size)
      throw new Error(`only ${readings.at(-1).connections} of ${size} receivers connected`);
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

function toRows(db, processes, size, result, { messages, quick }) {
  const where = `${size} receivers, ${processes} process${processes > 1 ? 'es' : ''}`;
  const targeted = !quick && size === TARGET_SIZE;
  const row = (metric, value, unit, target, met) => ({
    suite: 'chat-fanout',
    metric,
    db,
    value,
    unit,
    baseline: null,
    ratio: null,
    target: targeted ? target : null,
    met: targeted ? met : null,
  });
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
