import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Transporter } from 'nodemailer';
import type { Config } from '../config';
import { READ_CHANGE_CHANNEL, type ChangeFeed, type Database } from '../db/client';
import { CATALOGUE_CHANGE_CHANNEL } from '../features/applications/subjects.service';
import type { Clock } from '../lib/clock';
import type { CatalogueChanges, ServiceContext } from '../lib/context';
import { createKeptAnswers } from '../lib/kept-answers';
import { createMailer } from '../lib/mail';
import type { SessionLookupRow } from '../lib/session';
import { PERSON_CHANGE_CHANNEL, SessionCache } from '../lib/session-cache';
import { LocalStorage, type FileStorage } from '../lib/storage';

/** How many whole answers are kept (lib/kept-answers.ts, docs/performance.md, kept answers): a page of twenty lines is some tens of kilobytes. */
const KEPT_ANSWERS = 2_000;

declare module 'fastify' {
  interface FastifyInstance {
    driver: Database['driver'];
  }
}

/**
 * What every service receives (`app.ctx`): the database, the clock, the mail outbox, the file
 * storage, and what the database announces. It listens before any plugin loads (a database slow
 * to answer holds the start, as it always did, rather than a plugin's load timing out).
 */
export async function serviceContext(
  log: FastifyBaseLogger,
  options: { config: Config; database: Database; clock: Clock; mailTransport?: Transporter | undefined; storage?: FileStorage | undefined },
): Promise<ServiceContext & { changes: ChangeFeed }> {
  const { config, database, clock } = options;
  const mailer = createMailer({
    db: database.db,
    clock,
    log,
    from: config.mailFrom,
    smtpUrl: config.smtpUrl,
    printKept: config.devMailbox,
    ...(options.mailTransport ? { transport: options.mailTransport } : {}),
  });
  // What the database announces (docs/performance.md, change feed): changes to what a session's lookup reads, which
  // forget the sessions kept in memory, and changes to the subject catalogue, which renew the
  // subject lists' stamp.
  const sessionCache = config.sessionCache ? new SessionCache<SessionLookupRow>() : undefined;
  const catalogueChanges: CatalogueChanges = { generation: 0, active: false };
  // On PostgreSQL, also the tables other instances change, which the read cache forgets (docs/performance.md;
  // the embedded database's own client sees every change).
  const readCache = database.driver === 'postgres' ? database.readCache : undefined;
  const changes = await database.listen([PERSON_CHANGE_CHANNEL, CATALOGUE_CHANGE_CHANNEL, ...(readCache ? [READ_CHANGE_CHANNEL] : [])], {
    onPayload: (channel, payload) => {
      if (channel === PERSON_CHANGE_CHANNEL) sessionCache?.changed(payload);
      else if (channel === READ_CHANGE_CHANNEL) readCache?.changed([payload]);
      else catalogueChanges.generation++;
    },
    onLost: () => {
      sessionCache?.suspend();
      readCache?.pause();
      catalogueChanges.active = false;
      catalogueChanges.generation++;
    },
    onRestored: () => {
      sessionCache?.resume();
      readCache?.resume();
      catalogueChanges.generation++;
      catalogueChanges.active = true;
    },
  });
  // Whole answers kept while their tables hold (docs/performance.md, kept answers); the tests check each against a new
  // build on the embedded database, where every change is known at once.
  const answers = database.readCache
    ? createKeptAnswers(database.readCache, { entries: KEPT_ANSWERS, check: config.env === 'test' && database.driver === 'pglite' })
    : undefined;
  return {
    db: database.db,
    clock,
    mailer,
    config,
    log,
    storage: options.storage ?? new LocalStorage(path.join(config.dataDir, 'uploads')),
    changes,
    catalogueChanges,
    ...(sessionCache ? { sessionCache } : {}),
    ...(answers ? { answers } : {}),
  };
}
