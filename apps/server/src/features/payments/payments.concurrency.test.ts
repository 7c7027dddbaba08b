import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PAYMENT_RECONCILE_AFTER_SECONDS } from '@portal/contract';
import { candidates, paymentCallbacks, payments, sandboxCollections } from '../../db/schema';
import { onPostgres, twoInstances } from '../../../test/helpers';
import { pay, paymentCandidate, paymentEntrance, receiptMails, sameCandidateOn, sandboxReference } from './payments.fixtures';
import { reconcilePayments } from './reconcile.service';
import { decideSandboxCollection, sandboxCallback, sandboxIdle } from './sandbox.provider';

const tally = (responses: { statusCode: number; body: string }[]) =>
  responses.reduce<Record<string, number>>((counts, res) => {
    const key = res.statusCode < 300 ? String(res.statusCode) : `${res.statusCode} ${(JSON.parse(res.body) as { code: string }).code}`;
    counts[key] = (counts[key] ?? 0) + 1;
    return counts;
  }, {});

/**
 * Payments under concurrent requests sent to two server instances on one PostgreSQL database
 * (PGlite runs one query at a time and would hide the races): one pending payment per candidate
 * (the partial unique index payments_one_pending_uq), and one settlement per payment whatever the
 * number of callbacks and job runs at once (the row locks of settlePayment and the callbacks' event
 * ids). Each fails when its guard is removed.
 */
describe.runIf(onPostgres)('payments under concurrency (PostgreSQL, two instances)', () => {
  const cluster = twoInstances();

  it('keeps one pending payment when a candidate asks 20 at once on two instances: one 201, nineteen 409 PAYMENT_PENDING', { timeout: 120_000 }, async () => {
    const { t, other } = cluster;
    const entrance = await paymentEntrance(t, 25_000);
    const candidate = await paymentCandidate(t, entrance);
    const there = sameCandidateOn(candidate, other);
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        (i % 2 === 0 ? candidate.client : there).post('/api/candidate/payments', { network: 'MTN_MOMO', phone: `6770000${String(i).padStart(2, '0')}` }),
      ),
    );
    await Promise.all([sandboxIdle(t.app.ctx), sandboxIdle(other.ctx)]);
    const rows = await t.db.select({ status: payments.status }).from(payments).where(eq(payments.candidateId, candidate.id));
    expect({ answers: tally(responses), rows: rows.map((r) => r.status) }).toEqual({ answers: { '201': 1, '409 PAYMENT_PENDING': 19 }, rows: ['PENDING'] });
  });

  it(
    'settles once when the same callback comes 10 times at once on two instances while the reconciliation job runs on both: one PAID, one mail',
    { timeout: 180_000 },
    async () => {
      const { t, other } = cluster;
      const entrance = await paymentEntrance(t, 25_000);
      // several payments at once, so that the callbacks and the job runs do overlap
      const cases = await Promise.all(
        Array.from({ length: 5 }, async (_, i) => {
          const candidate = await paymentCandidate(t, entrance);
          const asked = await pay(candidate, { network: 'ORANGE_MONEY', phone: `6990001${String(i).padStart(2, '0')}` });
          const reference = await sandboxReference(t, asked.orderNumber);
          await decideSandboxCollection(t.app.ctx, { reference, approve: true, notify: false });
          return { candidate, asked, reference };
        }),
      );
      // past the reconciliation delay: the job finds them all, and the callbacks are still fresh
      t.clock.advanceSeconds(PAYMENT_RECONCILE_AFTER_SECONDS + 1);
      const deliveries = await Promise.all(
        cases.map(async ({ reference }) => {
          const [row] = await t.db.select().from(sandboxCollections).where(eq(sandboxCollections.reference, reference));
          return sandboxCallback(t.app.ctx, row!);
        }),
      );
      const sent = deliveries.flatMap((callback) =>
        Array.from({ length: 10 }, (_, i) =>
          (i % 2 === 0 ? t.app : other).inject({ method: 'POST', url: callback.url, payload: callback.body, headers: callback.headers }),
        ),
      );
      const [answers, jobs] = await Promise.all([
        Promise.all(sent),
        Promise.all([reconcilePayments(t.app.ctx), reconcilePayments(other.ctx), reconcilePayments(t.app.ctx)]),
      ]);
      expect(tally(answers)).toEqual({ '200': 50 });
      expect(jobs.reduce((sum, run) => sum + run.settled, 0)).toBeLessThanOrEqual(5);

      const ids = cases.map((c) => c.asked.id);
      const rows = await t.db
        .select({ id: payments.id, status: payments.status, receiptNumber: payments.receiptNumber })
        .from(payments)
        .where(inArray(payments.id, ids));
      expect(rows.map((r) => r.status)).toEqual(['PAID', 'PAID', 'PAID', 'PAID', 'PAID']);
      for (const { candidate, asked } of cases) {
        const mails = await receiptMails(t, candidate.email);
        expect(mails, candidate.email).toHaveLength(1);
        const receipt = rows.find((r) => r.id === asked.id)!.receiptNumber;
        expect(mails[0]!.subject).toContain(receipt!);
        const [paid] = await t.db.select({ paid: candidates.HAS_PAID }).from(candidates).where(eq(candidates.id, candidate.id));
        expect(paid!.paid).toBe(true);
        expect(
          await t.db
            .select()
            .from(paymentCallbacks)
            .where(and(eq(paymentCallbacks.paymentId, asked.id), eq(paymentCallbacks.provider, 'sandbox'))),
        ).toHaveLength(1);
      }
    },
  );
});
