import type { Health, Meta } from '@portal/contract';
import { ping, type Database } from '../../db/client';
import type { ServiceContext } from '../../lib/context';
import { mailboxOpenTo } from '../dev/dev.service';

/** `GET /health`: whether the database answers within HEALTH_TIMEOUT_MS; `degraded` when it does not. */
export async function health(ctx: ServiceContext, input: { driver: Database['driver'] }): Promise<Health> {
  const database = await ping(ctx.db, ctx.config.databaseTimeouts.healthMs).then(
    () => 'ok' as const,
    () => 'down' as const,
  );
  return { status: database === 'ok' ? 'ok' : 'degraded', database, driver: input.driver, version: ctx.config.version };
}

/** `GET /meta`: what the web app shows from the configuration; the development mailbox only to a client it answers. */
export function meta(ctx: ServiceContext, input: { client: { ip: string; headers: Record<string, unknown> } }): Meta {
  const { config } = ctx;
  return { academicYear: config.academicYear, version: config.version, supportEmail: config.supportEmail, devMailbox: mailboxOpenTo(ctx, input.client) };
}
