import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CallbackParams,
  CandidatePayment,
  FeesAnswer,
  FeesRequest,
  NetworkParams,
  PayRequest,
  PaymentAlert,
  PaymentCallbackAnswer,
  PaymentNetwork,
  PaymentNetworkInput,
  PaymentParams,
  PaymentSettings,
  ReceiptCheck,
  ReceiptParams,
  ReceiptQuery,
  SANDBOX_PHONE_ENDINGS,
  SandboxCollection,
  SandboxParams,
  SandboxQuery,
} from '@portal/contract';
import { acting } from '../../lib/auth';
import { errorResponses } from '../../lib/errors';
import { take } from '../../lib/throttle';
import { safeFileName } from '../../lib/uploads';
import { createPaymentNetwork, feesOfRequestToPay, listPaymentNetworks, updatePaymentNetwork } from './networks.service';
import { paymentAlerts } from './alerts.service';
import { candidatePayment, paymentSettings, receivePaymentCallback, startPayment } from './payments.service';
import { candidateReceipt, checkReceipt } from './receipts.service';
import { connectSandbox, decideSandboxCollection, pendingSandboxCollections, sandboxIdle } from './sandbox.provider';
import { SIGNATURE_HEADER } from './signature';

const tags = ['payments'];
const binary = z.string().meta({ format: 'binary' });
/** `POST /candidate/get-fees-of-request-to-pay` is public: per client address, generously. */
export const FEES_LIMIT_PER_ADDRESS = { limit: 300, windowSeconds: 300 };
/** A provider's callback is small. */
const CALLBACK_BODY_LIMIT = 64 * 1024;

/**
 * Issue 14 (decision 43): paying the registration fee by mobile money. Networks (public list;
 * administrators keep them with `payments.configure`), the fee of an amount (public), a candidate's
 * payment and receipt (the candidate's own session), the providers' signed callbacks, the public
 * check of a receipt, and the sandbox provider's phone page (PAYMENT_PROVIDER=sandbox only).
 */
export const paymentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const configure = app.requirePermission('payments.configure');

  // ---------------------------------------------------------------- networks and fees

  app.get(
    '/payment-networks',
    {
      schema: {
        tags,
        summary: 'The active mobile-money networks, in their display order: limits, phone prefixes, fee schedule, colour and USSD code',
        response: { 200: z.array(PaymentNetwork) },
      },
    },
    async (_request, reply) => reply.header('cache-control', 'public, max-age=60').send(await listPaymentNetworks(app.ctx, { all: false })),
  );

  app.get(
    '/payment-networks/all',
    {
      schema: {
        tags,
        summary: 'Every network, switched-off ones included (administrators)',
        response: { 200: z.array(PaymentNetwork), ...errorResponses(401, 403) },
      },
      preHandler: configure,
    },
    async (_request, reply) => reply.header('cache-control', 'no-store').send(await listPaymentNetworks(app.ctx, { all: true })),
  );

  app.post(
    '/payment-networks',
    {
      schema: {
        tags,
        summary: 'Add a network (administrators; audited); a code already taken is 409 ALREADY_EXISTS',
        body: PaymentNetworkInput,
        response: { 201: PaymentNetwork, ...errorResponses(400, 401, 403, 409) },
      },
      preHandler: configure,
    },
    async (request, reply) =>
      reply
        .code(201)
        .header('cache-control', 'no-store')
        .send(await createPaymentNetwork(app.ctx, { ...acting(request), values: request.body })),
  );

  app.put(
    '/payment-networks/:code',
    {
      schema: {
        tags,
        summary:
          "Change a network's name, limits, prefixes, fee schedule, colour, USSD code, position, or switch it off (administrators; audited). Its code stays: another code in the body is 400",
        params: NetworkParams,
        body: PaymentNetworkInput,
        response: { 200: PaymentNetwork, ...errorResponses(400, 401, 403, 404) },
      },
      preHandler: configure,
    },
    async (request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .send(await updatePaymentNetwork(app.ctx, { ...acting(request), code: request.params.code, values: request.body })),
  );

  app.get(
    '/payments/alerts',
    {
      schema: {
        tags,
        summary: "Providers' signed callbacks refused because their amount, currency or reference disagreed with the payment, newest first (administrators)",
        response: { 200: z.array(PaymentAlert), ...errorResponses(401, 403) },
      },
      preHandler: configure,
    },
    async (_request, reply) => reply.header('cache-control', 'no-store').send(await paymentAlerts(app.ctx)),
  );

  app.post(
    '/candidate/get-fees-of-request-to-pay',
    {
      schema: {
        tags,
        summary: "The operator's fee of an amount on a network, the total the payer is charged and the network's limits (anyone)",
        description: `An unknown or switched-off network is 400 NETWORK_UNAVAILABLE; an amount outside the network's limits 400 AMOUNT_OUT_OF_RANGE, whose limit.limit is the bound crossed. At most ${FEES_LIMIT_PER_ADDRESS.limit} calls in ${FEES_LIMIT_PER_ADDRESS.windowSeconds / 60} minutes per client address (429 TOO_MANY_REQUESTS).`,
        body: FeesRequest,
        response: { 200: FeesAnswer, ...errorResponses(400, 429) },
      },
      preHandler: async (request) => take(app.ctx, `payment-fees:${request.ip}`, FEES_LIMIT_PER_ADDRESS, 'TOO_MANY_REQUESTS'),
    },
    async (request) => feesOfRequestToPay(app.ctx, request.body),
  );

  app.get(
    '/payments/settings',
    {
      schema: { tags, summary: 'The payment provider, and whether the sandbox phone page exists', response: { 200: PaymentSettings } },
    },
    async () => paymentSettings(app.ctx),
  );

  // ---------------------------------------------------------------- the candidate

  app.post(
    '/candidate/payments',
    {
      schema: {
        tags,
        summary:
          "Pay one's registration fee from a phone: the entrance's fee plus the network's, asked of the provider; PENDING until the payer approves on the phone",
        description:
          "The candidate of the session only. 409 ALREADY_PAID; 409 PAYMENT_PENDING while another payment waits; 400 NETWORK_UNAVAILABLE, PHONE_NOT_ON_NETWORK (a Cameroonian number on the network's prefixes), AMOUNT_OUT_OF_RANGE; 503 PAYMENT_PROVIDER_UNAVAILABLE (the payment is then FAILED and another may be asked).",
        body: PayRequest,
        response: { 201: CandidatePayment, ...errorResponses(400, 401, 409, 503) },
      },
      preHandler: app.requireCandidate,
    },
    async (request, reply) =>
      reply
        .code(201)
        .header('cache-control', 'no-store')
        .send(await startPayment(app.ctx, { candidateId: request.candidateId, network: request.body.network, phone: request.body.phone! })),
  );

  app.get(
    '/candidate/payments/:id',
    {
      schema: {
        tags,
        summary: "One of the candidate's own payments, where it stands (anyone else's is 404)",
        params: PaymentParams,
        response: { 200: CandidatePayment, ...errorResponses(400, 401, 404) },
      },
      preHandler: app.requireCandidate,
    },
    async (request, reply) =>
      reply.header('cache-control', 'no-store').send(await candidatePayment(app.ctx, { candidateId: request.candidateId, id: request.params.id })),
  );

  app.get(
    '/candidate/receipt',
    {
      schema: {
        tags,
        summary: "The candidate's receipt (A4 PDF in their language, with a QR code to its public check); 409 NOT_PAID before the fee is paid",
        response: { 200: { description: 'The receipt', content: { 'application/pdf': { schema: binary } } }, ...errorResponses(401, 409) },
      },
      preHandler: app.requireCandidate,
    },
    async (request, reply) => {
      const receipt = await candidateReceipt(app.ctx, { candidateId: request.candidateId });
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${safeFileName(receipt.filename, 'pdf', 'receipt')}"`)
        .header('cache-control', 'private, no-store')
        .send(receipt.data as never);
    },
  );

  // ---------------------------------------------------------------- public checks and callbacks

  app.get(
    '/receipts/:number',
    {
      schema: {
        tags,
        summary:
          "A receipt's public check (its QR code): genuine only with the key `k` the code carries; otherwise valid:false and nothing else, as for an unknown number",
        params: ReceiptParams,
        querystring: ReceiptQuery,
        response: { 200: ReceiptCheck, ...errorResponses(400) },
      },
    },
    async (request, reply) =>
      reply.header('cache-control', 'no-store').send(await checkReceipt(app.ctx, { number: request.params.number, k: request.query.k })),
  );

  // The callback's signature is over the body as sent: this route keeps it raw (its own parser).
  const callbackRoutes: FastifyPluginAsyncZod = async (callbacks) => {
    callbacks.removeAllContentTypeParsers();
    callbacks.addContentTypeParser('*', { parseAs: 'string', bodyLimit: CALLBACK_BODY_LIMIT }, (_request, body, done) => done(null, body));
    callbacks.post(
      '/payments/callback/:provider',
      {
        schema: {
          tags,
          summary: "A payment provider's callback: the outcome of a collection, signed",
          description: `The header ${SIGNATURE_HEADER}: \`t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" under the callback secret>\`. A missing or wrong signature, or one older than 5 minutes, is 401 PAYMENT_CALLBACK_INVALID and changes nothing; the same event again is answered alike and changes nothing. A signed callback whose amount, currency or provider reference disagrees with the payment is 409 PAYMENT_CALLBACK_MISMATCH, changes nothing and is listed for the administrators (GET /payments/alerts). Only the configured provider is heard.`,
          params: CallbackParams,
          response: { 200: PaymentCallbackAnswer, ...errorResponses(400, 401, 404, 409) },
        },
      },
      async (request) =>
        receivePaymentCallback(app.ctx, {
          provider: request.params.provider,
          rawBody: typeof request.body === 'string' ? request.body : '',
          headers: request.headers,
          ip: request.ip,
        }),
    );
  };
  await app.register(callbackRoutes);

  // ---------------------------------------------------------------- the sandbox's phone

  if (app.ctx.config.payments.provider !== 'sandbox' || !app.ctx.config.payments.enabled) return;
  connectSandbox(app.ctx, async ({ url, body, headers }) => app.inject({ method: 'POST', url, payload: body, headers, remoteAddress: '127.0.0.1' }));
  app.addHook('onClose', async () => sandboxIdle(app.ctx));
  const phoneNote = `Numbers ending in ${SANDBOX_PHONE_ENDINGS.refusedAtOnce} are refused at once, ${SANDBOX_PHONE_ENDINGS.neverAnswers} never answer, ${SANDBOX_PHONE_ENDINGS.callbackLost} are approved but their callback is lost, ${SANDBOX_PHONE_ENDINGS.providerDown} find the provider down.`;

  app.get(
    '/sandbox/collections',
    {
      schema: {
        tags,
        summary: "The sandbox phone (PAYMENT_PROVIDER=sandbox): the collections waiting for this number's answer",
        description: phoneNote,
        querystring: SandboxQuery,
        response: { 200: z.array(SandboxCollection), ...errorResponses(400) },
      },
    },
    async (request, reply) => reply.header('cache-control', 'no-store').send(await pendingSandboxCollections(app.ctx, { phone: request.query.phone! })),
  );

  app.post(
    '/sandbox/collections/:reference/approve',
    {
      schema: {
        tags,
        summary: 'The sandbox phone: the payer approves; the sandbox then calls the portal back (signed), once its book is committed',
        params: SandboxParams,
        response: { 200: SandboxCollection, ...errorResponses(400, 404) },
      },
    },
    async (request, reply) =>
      reply.header('cache-control', 'no-store').send(await decideSandboxCollection(app.ctx, { reference: request.params.reference, approve: true })),
  );

  app.post(
    '/sandbox/collections/:reference/refuse',
    {
      schema: {
        tags,
        summary: 'The sandbox phone: the payer refuses; the sandbox then calls the portal back (signed)',
        params: SandboxParams,
        response: { 200: SandboxCollection, ...errorResponses(400, 404) },
      },
    },
    async (request, reply) =>
      reply.header('cache-control', 'no-store').send(await decideSandboxCollection(app.ctx, { reference: request.params.reference, approve: false })),
  );
};
