import http from 'node:http';
import { expectStatus, jsonClient } from '../lib/http.mjs';
import { rowsOf } from '../lib/rows.mjs';
import { employerWithWorkers, PAY_MONTH, seedPayMonth } from '../lib/seed.mjs';
import { processCpuMs, startServer } from '../lib/server.mjs';

/** Issue 30: a month's 500 payslips as one PDF within 15 s on PGlite. */
const TARGET_SECONDS = 15;

/** @typedef {import('../lib/types.mjs').Row} Row */

const row = rowsOf('payslips');

/**
 * One GET answered as bytes (the JSON client would read the PDF as text).
 * @param {string} url
 * @param {Record<string, string>} headers
 * @returns {Promise<{ status: number, body: Buffer }>}
 */
function getBytes(url, headers) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        /** @type {Buffer[]} */
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

/** Pages of a PDF, counted by its page objects (`/Type /Page`, not `/Pages`). */
function pageCount(/** @type {Buffer} */ pdf) {
  return (pdf.toString('latin1').match(/\/Type\s*\/Page(?![a-z])/g) ?? []).length;
}

/**
 * `GET /krye/payslips?month=` (docs/product.md#month-close): every payslip of a closed month in one
 * PDF, for an employer with the labour-law rules on (Kosovo) and N workers (500; 20 in a quick run)
 * with entered hours on each of the month's 26 working days. PGlite only (the target's database):
 * the PDF is built in the server's process, so the database's share is one statement. Each request
 * is timed from sending to the last byte, one at a time (3; 1 in a quick run), with the server's CPU.
 * @type {import('../lib/types.mjs').Suite}
 */
export default {
  name: 'payslips',
  async run({ quick, log }) {
    const workers = quick ? 20 : 500;
    const rounds = quick ? 1 : 3;
    const server = await startServer({ databaseUrl: undefined, migrated: quick });
    const client = jsonClient(server.url, { connections: 8 });
    try {
      const team = await employerWithWorkers(server, client, workers);
      const { employer } = team;
      expectStatus(
        await client.request('PUT', '/krye/labour-settings', {
          body: { jurisdiction: 'XK', apply_labour_rules: true, fiscal_number: '811234567', address: 'Rr. e Bench 1' },
          headers: employer.headers,
        }),
        200,
        'labour rules on',
      );
      const entries = await seedPayMonth(client, employer, team.ids);
      expectStatus(
        await client.request('POST', `/krye/months/${PAY_MONTH}/close`, {
          body: { acknowledge_exceptions: true },
          headers: employer.headers,
        }),
        200,
        'close the month',
      );
      log(`pglite: ${workers} workers, ${entries} hours entries, ${PAY_MONTH} closed`);

      const url = `${server.url}/krye/payslips?month=${PAY_MONTH}`;
      const headers = { cookie: team.cookie, 'x-requested-with': 'puna' };
      /** @type {number[]} */
      const seconds = [];
      /** @type {number[]} */
      const cpu = [];
      let pages = 0;
      let bytes = 0;
      for (let round = 0; round < rounds; round += 1) {
        const cpuBefore = processCpuMs(server.pid);
        const started = process.hrtime.bigint();
        const res = await getBytes(url, headers);
        const took = Number(process.hrtime.bigint() - started) / 1e9;
        const cpuAfter = processCpuMs(server.pid);
        if (res.status !== 200) throw new Error(`payslips: expected 200, got ${res.status} ${res.body.toString()}`);
        pages = pageCount(res.body);
        bytes = res.body.length;
        if (pages < workers) throw new Error(`payslips: ${pages} pages for ${workers} workers`);
        seconds.push(took);
        if (cpuBefore !== null && cpuAfter !== null) cpu.push((cpuAfter - cpuBefore) / 1000);
        log(
          `pglite: payslips PDF ${round + 1}/${rounds}: ${took.toFixed(2)} s, ${pages} pages, ${(bytes / 1024).toFixed(0)} KB`,
        );
      }
      const slowest = Math.max(...seconds);
      const median = [...seconds].sort((a, b) => a - b)[Math.floor(seconds.length / 2)] ?? slowest;
      const label = `GET /krye/payslips?month= (${workers} workers, one PDF)`;
      /** @type {Row[]} */
      const rows = [
        row(`${label}: slowest of ${rounds}`, 'pglite', Number(slowest.toFixed(2)), 's', {
          target: quick ? null : `≤ ${TARGET_SECONDS} s`,
          met: quick ? null : slowest <= TARGET_SECONDS,
        }),
        row('  median', 'pglite', Number(median.toFixed(2)), 's'),
        row('  server CPU per PDF', 'pglite', cpu.length ? Number(Math.max(...cpu).toFixed(2)) : null, 's'),
        row('  pages / size', 'pglite', `${pages} / ${(bytes / 1024 / 1024).toFixed(1)} MB`, ''),
      ];
      return rows;
    } finally {
      client.close();
      await server.stop();
    }
  },
};
