// The local sandbox provider (decision 43): it behaves like the region's aggregators without
// anything installed. A collection is PENDING at once with the sandbox's reference; the payer
// answers on their "phone" (the sandbox phone page: `GET /api/sandbox/collections?phone=`, then
// approve or refuse); the sandbox then calls the portal back, signed, through the real callback
// route (`POST /api/payments/callback/sandbox`, in-process with app.inject) after its own book
// (sandbox_collections) is committed, never inside the request that decided. What a number does by
// itself (SANDBOX_PHONE_ENDINGS): 99 refused at once, 98 never answers, 97 approved at once but its
// callback is lost, 96 the provider is down.
import { randomBytes, randomInt } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { PAYMENT_CURRENCY, PAYMENT_EXPIRY_SECONDS, SANDBOX_PHONE_ENDINGS, type SandboxCollection } from '@portal/contract';
import { sandboxCollections } from '../../db/schema';
import type { ServiceContext } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { ProviderUnavailable, type CollectRequest, type PaymentProvider, type ProviderEvent, type ProviderStatus } from './provider';
import { callbackSecret, SIGNATURE_HEADER, signCallback, verifyCallbackSignature } from './signature';

type CollectionRow = typeof sandboxCollections.$inferSelect;

/** The sandbox's callback, as it sends it (JSON, signed). */
const SandboxCallbackBody = z.object({
  eventId: z.string().min(1).max(100),
  reference: z.string().min(1).max(60),
  orderNumber: z.string().min(1).max(60),
  status: z.enum(['SUCCESSFUL', 'FAILED']),
  operatorTransactionId: z.string().max(60).nullable(),
  reason: z.string().max(60).nullable(),
  amount: z.number().int(),
  currency: z.string().min(3).max(3),
  occurredAt: z.string(),
});
type SandboxCallbackBody = z.infer<typeof SandboxCallbackBody>;

// ---------------------------------------------------------------- delivery of callbacks

/** How the sandbox reaches the callback route of its server: app.inject (payments.routes.ts connects it). */
export type CallbackDelivery = (request: { url: string; body: string; headers: Record<string, string> }) => Promise<{ statusCode: number }>;

interface Hub {
  deliver: CallbackDelivery | undefined;
  inFlight: Set<Promise<void>>;
}
const hubs = new WeakMap<ServiceContext, Hub>();
const hubOf = (ctx: ServiceContext): Hub => {
  let hub = hubs.get(ctx);
  if (!hub) {
    hub = { deliver: undefined, inFlight: new Set() };
    hubs.set(ctx, hub);
  }
  return hub;
};

/** Connects the sandbox of a server to its callback route. Without it the sandbox calls nobody back (the reconciliation job still finds the outcome). */
export function connectSandbox(ctx: ServiceContext, deliver: CallbackDelivery): void {
  hubOf(ctx).deliver = deliver;
}

/** Resolves once every callback the sandbox has queued is delivered (tests; the server's close). */
export async function sandboxIdle(ctx: ServiceContext): Promise<void> {
  const hub = hubOf(ctx);
  while (hub.inFlight.size > 0) await Promise.allSettled([...hub.inFlight]);
}

const CALLBACK_URL = '/api/payments/callback/sandbox';

/** The sandbox's signed callback of a decided collection, as it delivers it (tests replay it). */
export function sandboxCallback(ctx: ServiceContext, row: CollectionRow): { url: string; body: string; headers: Record<string, string> } {
  if (row.status === 'PENDING') throw new Error('a pending collection has no callback');
  const payload: SandboxCallbackBody = {
    // one event per decision: a repeated delivery carries the same id
    eventId: `${row.reference}.${row.status}`,
    reference: row.reference,
    orderNumber: row.orderNumber,
    status: row.status,
    operatorTransactionId: row.operatorReference,
    reason: row.reason,
    amount: row.amount,
    currency: PAYMENT_CURRENCY,
    occurredAt: (row.decidedAt ?? row.createdAt).toISOString(),
  };
  const body = JSON.stringify(payload);
  return {
    url: CALLBACK_URL,
    body,
    headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signCallback(callbackSecret(ctx.config), ctx.clock.now(), body) },
  };
}

/** Queues the callback of a decided collection: delivered on a later turn of the event loop, once the caller's transaction is over. */
function queueCallback(ctx: ServiceContext, reference: string): void {
  const hub = hubOf(ctx);
  if (!hub.deliver) return;
  const deliver = hub.deliver;
  const run: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
    .then(async () => {
      const [row] = await ctx.db.select().from(sandboxCollections).where(eq(sandboxCollections.reference, reference));
      if (!row || row.status === 'PENDING') return;
      const answer = await deliver(sandboxCallback(ctx, row));
      if (answer.statusCode === 200)
        await ctx.db.update(sandboxCollections).set({ notifiedAt: ctx.clock.now() }).where(eq(sandboxCollections.reference, reference));
      else ctx.log.warn({ statusCode: answer.statusCode }, 'sandbox callback refused');
    })
    .catch((error: unknown) => ctx.log.warn({ err: error }, 'sandbox callback not delivered'))
    .finally(() => hub.inFlight.delete(run));
  hub.inFlight.add(run);
}

// ---------------------------------------------------------------- the sandbox's book

/**
 * The sandbox's operator gives up a collection nobody answered this long after it was asked: sooner
 * than the portal expires its payment (PAYMENT_EXPIRY_SECONDS), so that no approval can come after.
 */
export const SANDBOX_COLLECTION_TTL_SECONDS = PAYMENT_EXPIRY_SECONDS - 5 * 60;

const newReference = () => `SBX-${randomBytes(10).toString('hex').toUpperCase()}`;
/** An operator's transaction id as MTN (`MP…`) or Orange (`OM…`) print them. */
const operatorReference = (network: string) =>
  `${network.startsWith('ORANGE') ? 'OM' : 'MP'}${String(randomInt(0, 1e9)).padStart(9, '0')}${String(randomInt(0, 1e3)).padStart(3, '0')}`;

export const toSandboxCollection = (row: CollectionRow): SandboxCollection => ({
  reference: row.reference,
  phone: row.phone,
  network: row.network,
  amount: row.amount,
  description: row.description,
  status: row.status,
  createdAt: row.createdAt.toISOString(),
});

/**
 * The payer's answer on the phone: approve (SUCCESSFUL, with an operator transaction id) or refuse
 * (FAILED). Only a PENDING collection changes (a decided one is answered as it is); one older than
 * SANDBOX_COLLECTION_TTL_SECONDS can no longer be approved (the operator gave up: FAILED, EXPIRED). The
 * callback goes once the change is committed. 404 for an unknown reference.
 */
export async function decideSandboxCollection(
  ctx: ServiceContext,
  input: { reference: string; approve: boolean; reason?: string; notify?: boolean },
): Promise<SandboxCollection> {
  const now = ctx.clock.now();
  const { row, decided } = await ctx.db.transaction(async (tx) => {
    const [current] = await tx.select().from(sandboxCollections).where(eq(sandboxCollections.reference, input.reference)).for('update');
    if (!current) throw new AppError('NOT_FOUND');
    if (current.status !== 'PENDING') return { row: current, decided: false };
    const tooLate = now.getTime() - current.createdAt.getTime() > SANDBOX_COLLECTION_TTL_SECONDS * 1000;
    const approved = input.approve && !tooLate;
    const [updated] = await tx
      .update(sandboxCollections)
      .set({
        status: approved ? 'SUCCESSFUL' : 'FAILED',
        operatorReference: approved ? operatorReference(current.network) : null,
        reason: approved ? null : tooLate ? 'EXPIRED' : (input.reason ?? 'REFUSED_BY_PAYER'),
        decidedAt: now,
      })
      .where(eq(sandboxCollections.reference, input.reference))
      .returning();
    return { row: updated!, decided: true };
  });
  if (decided && input.notify !== false) queueCallback(ctx, row.reference);
  return toSandboxCollection(row);
}

/** The sandbox phone page: the collections waiting for this number's owner, newest first. */
export async function pendingSandboxCollections(ctx: ServiceContext, input: { phone: string }): Promise<SandboxCollection[]> {
  const rows = await ctx.db
    .select()
    .from(sandboxCollections)
    .where(and(eq(sandboxCollections.phone, input.phone), eq(sandboxCollections.status, 'PENDING')))
    .orderBy(desc(sandboxCollections.createdAt))
    .limit(20);
  return rows.map(toSandboxCollection);
}

// ---------------------------------------------------------------- the provider

export class SandboxProvider implements PaymentProvider {
  readonly name = 'sandbox' as const;
  constructor(private readonly ctx: ServiceContext) {}

  async collect(request: CollectRequest): Promise<{ reference: string }> {
    const ending = request.phone.slice(-2);
    if (ending === SANDBOX_PHONE_ENDINGS.providerDown) throw new ProviderUnavailable('the sandbox plays an unavailable provider for numbers ending in 96');
    const reference = newReference();
    await this.ctx.db.insert(sandboxCollections).values({
      reference,
      orderNumber: request.orderNumber,
      network: request.network,
      phone: request.phone,
      amount: request.amount,
      description: request.description,
      status: 'PENDING',
      createdAt: this.ctx.clock.now(),
    });
    if (ending === SANDBOX_PHONE_ENDINGS.refusedAtOnce) await decideSandboxCollection(this.ctx, { reference, approve: false, reason: 'INSUFFICIENT_FUNDS' });
    if (ending === SANDBOX_PHONE_ENDINGS.callbackLost) await decideSandboxCollection(this.ctx, { reference, approve: true, notify: false });
    return { reference };
  }

  async status(query: { reference: string | null; orderNumber: string }): Promise<ProviderStatus | null> {
    const [row] = await this.ctx.db
      .select()
      .from(sandboxCollections)
      .where(query.reference ? eq(sandboxCollections.reference, query.reference) : eq(sandboxCollections.orderNumber, query.orderNumber));
    if (!row) return null;
    return { reference: row.reference, status: row.status, operatorTransactionId: row.operatorReference, reason: row.reason };
  }

  parseCallback(input: { rawBody: string; headers: Record<string, string | string[] | undefined> }): ProviderEvent {
    verifyCallbackSignature(callbackSecret(this.ctx.config), input.headers[SIGNATURE_HEADER], input.rawBody, this.ctx.clock.now());
    let parsed: SandboxCallbackBody;
    try {
      parsed = SandboxCallbackBody.parse(JSON.parse(input.rawBody));
    } catch {
      throw new AppError('VALIDATION_FAILED');
    }
    return {
      eventId: parsed.eventId,
      reference: parsed.reference,
      orderNumber: parsed.orderNumber,
      status: parsed.status,
      operatorTransactionId: parsed.operatorTransactionId,
      reason: parsed.reason,
      amount: parsed.amount,
      currency: parsed.currency,
    };
  }
}
