// The ballot box of the evaluation of teaching (decision 39): a submission is sealed (AES-256-GCM
// under the server's ballot key) in the transaction that records the participation, then mixed
// into the anonymous answers with others of the same target, in a random order and another
// transaction, and the sealed ballots deleted. Nothing here logs or audits what was answered.
import { createCipheriv, createDecipheriv, randomBytes, randomInt } from 'node:crypto';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { BALLOT_MIX_SIZE, universityDayOf, type EvaluationAnswers } from '@portal/contract';
import type { Config } from '../../config';
import type { Executor } from '../../db/client';
import { evaluationBallots, evaluationResponses, evaluationSessions } from '../../db/schema';
import type { ServiceContext } from '../../lib/context';
import type { Job } from '../../lib/jobs';
import { keptKey } from '../../lib/kept-key';

/** The file in DATA_DIR that keeps the ballot key made when EVALUATION_BALLOT_KEY is not set. */
export const BALLOT_KEY_FILE = 'evaluation-ballot.key';
/**
 * A sealed ballot's content is padded to a multiple of this many bytes before it is encrypted, so
 * that the length of a ballot does not tell the length of its comments (nearly every ballot is one
 * block long).
 */
export const BALLOT_PAD_BYTES = 16_384;
const VERSION = 'v1';

/**
 * The key that seals ballots: EVALUATION_BALLOT_KEY, or the one kept in DATA_DIR, made at its first
 * use (lib/kept-key.ts: 32 random bytes, base64, file mode 0600; created exclusively, so that two
 * instances starting together end up with the same key).
 */
export function ballotKey(config: Config): Buffer {
  return config.evaluationBallotKey ?? keptKey(config.dataDir, BALLOT_KEY_FILE, 'EVALUATION_BALLOT_KEY');
}

/** What a ballot holds once opened: the target and the answers. */
export interface BallotContent {
  targetId: number;
  answers: EvaluationAnswers;
}

/** The associated data of a session's ballots: a ballot moved to another session does not open. */
const aad = (sessionId: number) => Buffer.from(`evaluation-ballot:${sessionId}`);

/** Seals a submission: `v1.<iv>.<tag>.<ciphertext>` (base64url), its content padded to BALLOT_PAD_BYTES. */
export function sealBallot(key: Buffer, sessionId: number, content: BallotContent): string {
  const json = Buffer.from(JSON.stringify(content));
  const padded = Buffer.alloc(Math.ceil((json.length + 1) / BALLOT_PAD_BYTES) * BALLOT_PAD_BYTES, 0x20);
  json.copy(padded);
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(aad(sessionId));
  const sealed = Buffer.concat([cipher.update(padded), cipher.final()]);
  return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), sealed.toString('base64url')].join('.');
}

/** Opens a sealed ballot of a session (throws when the key or the session is not its own). */
export function openBallot(key: Buffer, sessionId: number, sealed: string): BallotContent {
  const [version, iv, tag, data] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || data === undefined) throw new Error('not a sealed ballot');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAAD(aad(sessionId));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  const plain = Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]);
  return JSON.parse(plain.toString('utf8').trimEnd()) as BallotContent;
}

/** A random order (Fisher-Yates with the secure random source). */
export function shuffled<T>(items: readonly T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = randomInt(0, i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** What a mix did: answers published, and sealed ballots of an ended session dropped unread. */
export interface MixOutcome {
  mixed: number;
  dropped: number;
}

/**
 * Mixes the waiting ballots of a session, in a transaction of its own: the session's row is taken
 * first (FOR NO KEY UPDATE, which submissions writing ballots do not wait for; a mix under way
 * elsewhere: this one gives way, the job or the next submission mixes), its ballots opened and
 * grouped by target; a target with at least BALLOT_MIX_SIZE waiting has them written to the answers
 * in a random order, with random ids, and deleted from the box. A smaller group is never published,
 * whatever the session's days (decision 64): a target's published answers only ever grow by
 * BALLOT_MIX_SIZE or more, so no difference between two readings of its results isolates fewer. Once
 * the session has ended (read under its lock, not before it), what is left is deleted unread: kept,
 * a sealed ballot would stay tied to its participation's transaction for as long as it lay there.
 */
export async function mixSession(ctx: ServiceContext, input: { sessionId: number }): Promise<MixOutcome> {
  const key = ballotKey(ctx.config);
  const today = universityDayOf(ctx.clock.now());
  return ctx.db.transaction(async (tx) => {
    const none = { mixed: 0, dropped: 0 };
    const [session] = await tx
      .select({ endDate: evaluationSessions.endDate })
      .from(evaluationSessions)
      .where(eq(evaluationSessions.id, input.sessionId))
      .for('no key update', { skipLocked: true });
    if (!session) return none;
    const ballots = await tx.select().from(evaluationBallots).where(eq(evaluationBallots.sessionId, input.sessionId)).for('update');
    const byTarget = new Map<number, { id: string; content: BallotContent }[]>();
    for (const ballot of ballots) {
      const content = openBallot(key, input.sessionId, ballot.sealed);
      byTarget.set(content.targetId, [...(byTarget.get(content.targetId) ?? []), { id: ballot.id, content }]);
    }
    const groups = [...byTarget.values()];
    const mixed = shuffled(groups.filter((group) => group.length >= BALLOT_MIX_SIZE).flat());
    const dropped = session.endDate < today ? groups.filter((group) => group.length < BALLOT_MIX_SIZE).flat() : [];
    if (mixed.length)
      await insertResponses(
        tx,
        mixed.map((ballot) => ballot.content),
      );
    const emptied = [...mixed, ...dropped].map((ballot) => ballot.id);
    if (emptied.length) await tx.delete(evaluationBallots).where(inArray(evaluationBallots.id, emptied));
    return emptied.length ? { mixed: mixed.length, dropped: dropped.length } : none;
  });
}

/** The answers, in the (random) order given: their ids are random, nothing else is written. */
async function insertResponses(tx: Executor, contents: readonly BallotContent[]): Promise<void> {
  await tx.insert(evaluationResponses).values(contents.map((content) => ({ targetId: content.targetId, answers: content.answers })));
}

/**
 * The mix after a submission: it runs once the submission has committed and never makes the
 * submission fail (a failure is logged without any value, and the job mixes later).
 */
export async function mixAfterSubmission(ctx: ServiceContext, sessionId: number): Promise<void> {
  try {
    await mixSession(ctx, { sessionId });
  } catch (error) {
    ctx.log.warn({ err: error, sessionId }, 'evaluation ballots not mixed yet');
  }
}

/**
 * The periodic mix (decisions 39, 64): every session with waiting ballots is mixed: the targets with
 * enough waiting (a mix a failed or skipped submission missed), and once the session has ended the
 * smaller groups left dropped.
 */
export async function runBallotMix(ctx: ServiceContext): Promise<MixOutcome & { sessions: number }> {
  const waiting = await ctx.db
    .select({ id: evaluationSessions.id })
    .from(evaluationSessions)
    .where(sql`exists (select 1 from ${evaluationBallots} where ${evaluationBallots.sessionId} = ${evaluationSessions}.id)`)
    .orderBy(asc(evaluationSessions.id));
  const total = { mixed: 0, dropped: 0, sessions: waiting.length };
  for (const session of waiting) {
    const outcome = await mixSession(ctx, { sessionId: session.id });
    total.mixed += outcome.mixed;
    total.dropped += outcome.dropped;
  }
  return total;
}

/** The ballot box's job: every 10 minutes, sessions with waiting ballots are mixed (decision 39). */
export const ballotMixJob: Job = { name: 'evaluation.ballot-mix', cron: '*/10 * * * *', everyMs: 600_000, handler: runBallotMix };
