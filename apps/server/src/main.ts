import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { seedIfEmpty } from './seed/seed';

async function main(): Promise<void> {
  let config;
  try {
    // `npm start` (the demo) runs with --demo: demo accounts need the development mailbox to sign in.
    config = loadConfig(process.env, { demo: process.argv.includes('--demo') });
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(78);
    }
    throw error;
  }

  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: config.databasePoolSize, timeouts: config.databaseTimeouts });
  await database.migrate();
  const app = await buildApp({ config, database });
  if (config.seedDemo) {
    const seeded = await seedIfEmpty(database.db);
    if (seeded) app.log.info('database was empty: demo data seeded');
  }

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
  app.log.info(`portal ready on ${config.publicUrl} (database: ${database.driver})`);
  if (config.devMailbox) {
    app.log.warn(`development mailbox open at ${config.publicUrl}/dev/mailbox to this machine only (loopback): every e-mail, sign-in codes included, is readable there and printed in this log. Set DEV_MAILBOX=false to close it; never use it in production.`);
  }
  if (!config.smtpUrl && !config.devMailbox) {
    app.log.warn('no SMTP_URL: e-mails (sign-in codes, confirmation links) are NOT sent; they stay in the outbox table (mail_outbox). Set SMTP_URL, or DEV_MAILBOX=true on a development machine.');
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
