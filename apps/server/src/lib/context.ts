import type { PersonKind } from '@portal/contract/rules';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { ChangeFeed, Db } from '../db/client';
import type { Clock } from './clock';
import type { KeptAnswers } from './kept-answers';
import type { Mailer } from './mail';
import type { SessionCache } from './session-cache';
import type { SessionLookupRow } from './session';
import type { FileStorage } from './storage';

/** What every service receives: the database, the time, the mail outbox and the configuration. */
export interface ServiceContext {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  config: Config;
  log: FastifyBaseLogger;
  storage: FileStorage;
  /** the sessions looked up, kept in memory where the database announces changes at commit (docs/performance.md, sessions in memory) */
  sessionCache?: SessionCache<SessionLookupRow>;
  /** the database's announcements of changes; `settle()` waits for them to have arrived */
  changes?: ChangeFeed;
  /** moved by every announced change of the subject catalogue (and by a lost or regained listener) */
  catalogueChanges?: CatalogueChanges;
  /** whole answers kept until a table they were read from changes (lib/kept-answers.ts, docs/performance.md, kept answers) */
  answers?: KeptAnswers;
}

export interface CatalogueChanges {
  generation: number;
  /** false while announcements may be missed: nothing read earlier may be trusted */
  active: boolean;
}

/** Who asked, and from where; taken from the session and the connection, never from the body. */
export interface Actor {
  id: number;
  roles: readonly string[];
  kind: PersonKind;
  /** the unit the person processes requests in (decision 32); null for everyone else */
  requestUnitId: number | null;
}

export interface RequestMeta {
  ip: string;
  userAgent: string | undefined;
  /** the route asked (its pattern, e.g. `/api/files/:id`), named in the audit log when access is refused */
  route?: string;
}

/** Who acts, and from where: what a service that changes something audits with. */
export interface Acting {
  actor: Actor;
  meta: RequestMeta;
}
