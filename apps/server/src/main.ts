import { buildApp } from './app';
import { OffsetClock } from './lib/clock';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { DEMO_PASSWORD } from './seed/demo';
import { seedIfEmpty } from './seed/seed';

async function main(): Promise<void> {
  let config;
  try {
    // `npm start` (the demo) runs with --demo: demo accounts need the development mailbox to sign in.
    config = loadConfig(process.env, { demo: process.argv.includes('--demo'), tty: process.stdout.isTTY === true });
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(78);
    }
    throw error;
  }

  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: config.databasePoolSize,
    timeouts: config.databaseTimeouts,
    readCache: config.readCache,
  });
  await database.migrate();
  // DEV_CLOCK (never in production): a clock the end-to-end journeys move forward.
  const app = await buildApp({ config, database, ...(config.devClock ? { clock: new OffsetClock() } : {}) });
  const seeded = config.seedDemo && (await seedIfEmpty(database.db));

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'error while shutting down');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  // The start says where the portal is and what the demo gives, in two or three short lines (decision 27).
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = config.port === 0 ? `http://localhost:${port}` : config.publicUrl;
  if (seeded) app.log.info(`demo data seeded into the empty database: the demo accounts (README) sign in with ${DEMO_PASSWORD}`);
  app.log.info(`portal ready at ${url} (listening on http://${config.host}:${port}, database ${database.driver})`);
  if (config.devMailbox) {
    app.log.warn(`development mailbox open at ${url}/dev/mailbox, to this machine only: every e-mail, sign-in codes included (DEV_MAILBOX=false closes it)`);
  }
  if (!config.smtpUrl && !config.devMailbox) {
    app.log.warn('mails are not sent: SMTP_URL is missing; they stay in the mail_outbox table');
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
