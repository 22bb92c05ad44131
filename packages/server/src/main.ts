import { buildApp } from './app';
import { ensureAdmin } from './cli/ensure-admin';
import { lanAddresses, startBanner } from './cli/start-banner';
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
  const extra: string[] = [];
  let stopHeartbeat = () => {};
  if (isDemo) {
    const { keepDemoDevicesOnline, loadDemo } = await import('./cli/demo');
    extra.push(...(await loadDemo(app.db, config)));
    stopHeartbeat = await keepDemoDevicesOnline(app.db, (error) => app.log.warn({ err: error }, 'demo heartbeat'));
    extra.push('The demo devices report in every 30 s while this server runs (a simulated heartbeat).');
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
  console.log(
    startBanner({
      port: config.port,
      host: config.host,
      publicUrl: config.publicUrl,
      lanAddresses: lanAddresses(),
      admin: {
        email: admin.email,
        ...(admin.generatedPassword ? { generatedPassword: admin.generatedPassword } : {}),
        fromEnv: config.admin.password !== undefined,
      },
      mail: app.mailer.describe(),
      database: app.database.kind === 'pglite' ? `PGlite in ${config.dataDir}/pglite` : 'PostgreSQL (DATABASE_URL)',
      logLevel: config.logLevel,
      extra: [...extra, `API docs: ${config.publicUrl}/api/docs`],
    }),
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
