import { buildApp } from './app';
import { ensureAdmin } from './cli/ensure-admin';
import { loadConfig } from './config';
import { stopGracefully, UPLOAD_DRAIN_MS } from './lib/graceful-stop';
import { limitHeapGrowthForEmbeddedDatabase } from './lib/heap';

/** Starts one server process: `node dist/main.js [--demo]`. */
async function main() {
  const config = loadConfig();
  const isDemo = process.argv.includes('--demo');
  const app = await buildApp(config);
  if (app.database.kind === 'pglite') limitHeapGrowthForEmbeddedDatabase();

  const admin = await ensureAdmin(app.db, config.admin);
  const lines = [''];
  if (admin.generatedPassword) {
    lines.push(`  Platform admin created: ${admin.email}`);
    lines.push(`  Generated password (shown once): ${admin.generatedPassword}`);
  } else {
    lines.push(`  Platform admin: ${admin.email}${admin.created ? ' (created from ADMIN_PASSWORD)' : ''}`);
  }
  let stopHeartbeat = () => {};
  if (isDemo) {
    const { keepDemoDevicesOnline, loadDemo } = await import('./cli/demo');
    lines.push(...(await loadDemo(app.db, config)));
    stopHeartbeat = await keepDemoDevicesOnline(app.db, (error) => app.log.warn({ err: error }, 'demo heartbeat'));
    lines.push('  The demo devices report in every 30 s while this server runs (a simulated heartbeat).');
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // Clock uploads in flight get UPLOAD_DRAIN_MS to finish; the rest of the close gets 10 s more.
    const timer = setTimeout(() => process.exit(1), UPLOAD_DRAIN_MS + 10_000);
    timer.unref();
    stopHeartbeat();
    await stopGracefully(app);
    process.exit(0);
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  lines.push(
    `  Database: ${app.database.kind === 'pglite' ? `PGlite in ${config.dataDir}/pglite` : 'PostgreSQL (DATABASE_URL)'}`,
  );
  lines.push(`  Mail goes to ${app.mailer.describe()}`);
  lines.push(`  Puna is running on ${config.publicUrl}  (API docs: ${config.publicUrl}/api/docs)`);
  console.log(`${lines.join('\n')}\n`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
