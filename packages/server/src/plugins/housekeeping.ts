import { and, isNotNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client';
import { rateLimits, sessions, twoFactorChallenges, verificationCodes } from '../db/schema';

/** Rows kept a day past their end, so a just-revoked session or used code still explains a refusal. */
const GRACE_MS = 24 * 60 * 60 * 1000;

export type PurgeCounts = { sessions: number; codes: number; rateLimits: number };

/** Deletes sessions and codes that ended over a day ago and rate-limit rows whose window is over. */
export async function purgeExpired(db: Db, now = new Date()): Promise<PurgeCounts> {
  const before = new Date(now.getTime() - GRACE_MS);
  const deletedSessions = await db
    .delete(sessions)
    .where(or(lt(sessions.expiresAt, before), and(isNotNull(sessions.revokedAt), lt(sessions.revokedAt, before))))
    .returning({ id: sessions.id });
  const deletedCodes = await db
    .delete(verificationCodes)
    .where(
      or(
        lt(verificationCodes.expiresAt, before),
        and(isNotNull(verificationCodes.consumedAt), lt(verificationCodes.consumedAt, before)),
      ),
    )
    .returning({ id: verificationCodes.id });
  // The login challenges of two-step verification (5 minutes each) are counted with the codes.
  const deletedChallenges = await db
    .delete(twoFactorChallenges)
    .where(lt(twoFactorChallenges.expiresAt, before))
    .returning({ id: twoFactorChallenges.id });
  const deletedLimits = await db
    .delete(rateLimits)
    .where(lt(rateLimits.expire, now.getTime()))
    .returning({ key: rateLimits.key });
  return {
    sessions: deletedSessions.length,
    codes: deletedCodes.length + deletedChallenges.length,
    rateLimits: deletedLimits.length,
  };
}

/** A table's counters from `pg_stat_user_tables`, and whether the planner has statistics for it. */
export type TableActivity = {
  /** `pg_class.reltuples` < 0: never analyzed nor vacuumed, so the planner guesses its size. */
  neverAnalyzed: boolean;
  live: number;
  dead: number;
  insertedSinceVacuum: number;
  modifiedSinceAnalyze: number;
};

/**
 * What PostgreSQL's autovacuum would do to a table, with its default thresholds
 * (`autovacuum_vacuum_threshold` 50 + `autovacuum_vacuum_scale_factor` 0.2 of the rows for dead
 * rows, `autovacuum_vacuum_insert_threshold` 1,000 + 0.2 for inserts, `autovacuum_analyze_threshold`
 * 50 + 0.1 for changes): `vacuum` (with analyze), `analyze`, or nothing.
 */
export function maintenanceOf(table: TableActivity): 'vacuum' | 'analyze' | null {
  if (table.dead > 50 + 0.2 * table.live || table.insertedSinceVacuum > 1000 + 0.2 * table.live) return 'vacuum';
  if (table.neverAnalyzed || table.modifiedSinceAnalyze > 50 + 0.1 * table.live) return 'analyze';
  return null;
}

export type MaintenanceDone = { vacuumed: string[]; analyzed: string[] };

/**
 * The embedded database's autovacuum: PGlite runs PostgreSQL as a single backend with no
 * autovacuum launcher (`autovacuum` reads "on" but nothing ever runs), so without this its tables
 * would never get planner statistics and their dead rows would be reclaimed only by page pruning.
 * Each of Puna's tables gets what autovacuum would give it (`maintenanceOf`), one statement at a time.
 */
export async function maintainDatabase(db: Db): Promise<MaintenanceDone> {
  const { rows } = await db.execute<{
    name: string;
    never_analyzed: boolean;
    live: string;
    dead: string;
    inserted: string;
    modified: string;
  }>(sql`
    select s.relname as name, c.reltuples < 0 as never_analyzed, s.n_live_tup as live, s.n_dead_tup as dead,
      s.n_ins_since_vacuum as inserted, s.n_mod_since_analyze as modified
    from pg_stat_user_tables s join pg_class c on c.oid = s.relid
    where s.schemaname = 'public'
    order by s.relname`);
  const done: MaintenanceDone = { vacuumed: [], analyzed: [] };
  for (const row of rows) {
    const action = maintenanceOf({
      neverAnalyzed: row.never_analyzed,
      live: Number(row.live),
      dead: Number(row.dead),
      insertedSinceVacuum: Number(row.inserted),
      modifiedSinceAnalyze: Number(row.modified),
    });
    if (action === 'vacuum') {
      await db.execute(sql`vacuum (analyze) ${sql.identifier(row.name)}`);
      done.vacuumed.push(row.name);
    } else if (action === 'analyze') {
      await db.execute(sql`analyze ${sql.identifier(row.name)}`);
      done.analyzed.push(row.name);
    }
  }
  return done;
}

/** The first maintenance of the embedded database: a minute after start, not in the start's way. */
const FIRST_MAINTENANCE_MS = 60 * 1000;

/**
 * Runs `purgeExpired` every `purgeIntervalMs` (hourly) in each process; overlapping runs are harmless.
 * On the embedded database, `maintainDatabase` too: a minute after start, then with each purge.
 */
export const housekeepingPlugin = fp(async (app: FastifyInstance) => {
  const embedded = app.database.kind === 'pglite';
  const maintain = () => {
    if (!embedded) return;
    maintainDatabase(app.db)
      .then((done) => app.log.debug(done, 'embedded database vacuumed and analyzed'))
      .catch((error: unknown) => app.log.warn({ err: error }, 'maintaining the embedded database failed'));
  };
  const timer = setInterval(() => {
    purgeExpired(app.db)
      .then((counts) => app.log.debug(counts, 'expired sessions, codes and rate-limit rows purged'))
      .catch((error: unknown) => app.log.warn({ err: error }, 'purging expired rows failed'))
      .finally(maintain);
  }, app.config.purgeIntervalMs);
  timer.unref();
  const first = setTimeout(maintain, Math.min(FIRST_MAINTENANCE_MS, app.config.purgeIntervalMs));
  first.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    clearTimeout(first);
  });
});
