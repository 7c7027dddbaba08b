import { lt, or, isNotNull } from 'drizzle-orm';
import { candidateLinks, candidateSessions } from '../../db/schema';
import type { ServiceContext } from '../../lib/context';
import type { Job } from '../../lib/jobs';

/**
 * Forgets what can no longer open a candidate's file (decision 42): links past their time or used,
 * and candidate sessions past their time or closed. Both are single statements, so two instances
 * running it at once delete each row once; nothing else reads an expired row.
 */
export async function forgetExpiredCandidateAccess(ctx: ServiceContext): Promise<{ links: number; sessions: number }> {
  const now = ctx.clock.now();
  const links = await ctx.db
    .delete(candidateLinks)
    .where(or(lt(candidateLinks.expiresAt, now), isNotNull(candidateLinks.usedAt)))
    .returning({ tokenHash: candidateLinks.tokenHash });
  const sessions = await ctx.db
    .delete(candidateSessions)
    .where(or(lt(candidateSessions.expiresAt, now), isNotNull(candidateSessions.revokedAt)))
    .returning({ tokenHash: candidateSessions.tokenHash });
  return { links: links.length, sessions: sessions.length };
}

/** Every night at 03:20 (university time); every 6 hours on PGlite. */
export const candidateAccessCleanupJob: Job = {
  name: 'candidates.forget-expired-access',
  cron: '20 3 * * *',
  everyMs: 6 * 3_600_000,
  handler: forgetExpiredCandidateAccess,
};
