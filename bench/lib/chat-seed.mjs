import { createHash, randomBytes } from 'node:crypto';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { openPool } from './postgres.mjs';

/**
 * A database opened by its driver, without the server. Rows come back as `unknown`: a caller casts
 * them to the columns it selected.
 * @typedef {object} Driver
 * @property {(text: string, params?: unknown[]) => Promise<{ rows: unknown[] }>} query
 * @property {() => Promise<void>} close
 */

/**
 * The database of a stopped server (PGlite in its data folder) or of a running one (PostgreSQL).
 * @param {{ dataDir: string }} server
 * @param {string | null} databaseUrl
 * @returns {Promise<Driver>}
 */
export async function openDriver(server, databaseUrl) {
  if (!databaseUrl) {
    const client = await PGlite.create({ dataDir: path.join(server.dataDir, 'pglite') });
    return { query: (text, params) => client.query(text, params), close: () => client.close() };
  }
  const pool = openPool({ connectionString: databaseUrl, max: 1 });
  return { query: (text, params) => pool.query(text, params), close: () => pool.end() };
}

/**
 * Receivers for the fan-out bench, written straight into the database: `count` employees of the
 * employer, each with a worker login and a live session, and one group chat per size in `sizes`
 * whose members are the employer and the first `size` workers.
 *
 * Through the API each login would cost an argon2 hash to create and another to log in (about
 * 0.1 s of CPU each, minutes for 1,000) and a group is capped at 500 members per request; neither
 * is what this bench measures. The rows are the ones the API writes: every login carries the
 * password hash the server itself made for `templateEmail` (a worker added through
 * `POST /krye/add_employee`), and sessions are stored as the server stores them (SHA-256 of a
 * random token). Returns the tokens (a socket authenticates with one) and the chat ids by size.
 * @param {Driver} driver
 * @param {{ employerId: number, templateEmail: string, count: number, sizes: number[] }} options
 * @returns {Promise<{ tokens: string[], chats: Record<number, number>, sampleEmail: string }>}
 */
export async function seedReceivers(driver, { employerId, templateEmail, count, sizes }) {
  const template = /** @type {{ rows: { password_hash: string }[] }} */ (
    await driver.query('select password_hash from users where email = $1', [templateEmail])
  );
  const passwordHash = template.rows[0]?.password_hash;
  if (!passwordHash) throw new Error(`no template worker ${templateEmail}`);
  const tag = randomBytes(3).toString('hex');
  await driver.query('begin');
  try {
    await driver.query('update employers set limit_workers = $2 where id = $1', [employerId, count + 10]);
    const employees = /** @type {{ rows: { id: number }[] }} */ (
      await driver.query(
        `insert into employees (employer_id, name, salary, wages, role)
       select $1, 'Receiver ' || lpad(i::text, 4, '0'), 4, 'Orë', 'Punëtor' from generate_series(1, $2) as i
       returning id`,
        [employerId, count],
      )
    );
    const employeeIds = employees.rows.map((row) => row.id).sort((a, b) => a - b);
    const users = /** @type {{ rows: { id: number, employee_id: number, email: string }[] }} */ (
      await driver.query(
        `insert into users (email, password_hash, kind, employer_id, employee_id, is_verified)
       select 'receiver-' || e.id || '-' || $3 || '@bench.test', $2, 'worker', $1, e.id, true
       from unnest($4::int[]) as e(id)
       returning id, employee_id, email`,
        [employerId, passwordHash, tag, employeeIds],
      )
    );
    /**
     * The user row of a seeded employee (every one has one).
     * @param {number | undefined} id
     */
    const userOf = (id) => {
      const user = id === undefined ? undefined : byEmployee.get(id);
      if (!user) throw new Error(`no user for employee ${id}`);
      return user;
    };
    const byEmployee = new Map(users.rows.map((row) => [row.employee_id, row]));
    const tokens = employeeIds.map(() => randomBytes(32).toString('base64url'));
    await driver.query(
      `insert into sessions (token_hash, user_id, remember_me, expires_at)
       select s.hash, s.user_id, true, now() + interval '1 day' from unnest($1::text[], $2::int[]) as s(hash, user_id)`,
      [tokens.map((token) => createHash('sha256').update(token).digest('hex')), employeeIds.map((id) => userOf(id).id)],
    );
    /** @type {Record<number, number>} */
    const chats = {};
    for (const size of sizes) {
      const chat = /** @type {{ rows: { id: number }[] }} */ (
        await driver.query(`insert into chats (employer_id, type, name) values ($1, 'group', $2) returning id`, [
          employerId,
          `Fan-out ${size}`,
        ])
      );
      const chatId = chat.rows[0]?.id;
      if (chatId === undefined) throw new Error(`no chat made for ${size} receivers`);
      await driver.query(
        `insert into chat_members (chat_id, member_type, member_id, employee_id) values ($1, 'employer', $2, null)`,
        [chatId, employerId],
      );
      await driver.query(
        `insert into chat_members (chat_id, member_type, member_id, employee_id)
         select $1, 'worker', m.id, m.id from unnest($2::int[]) as m(id)`,
        [chatId, employeeIds.slice(0, size)],
      );
      chats[size] = chatId;
    }
    await driver.query('commit');
    return { tokens, chats, sampleEmail: userOf(employeeIds[0]).email };
  } catch (error) {
    await driver.query('rollback');
    throw error;
  }
}
