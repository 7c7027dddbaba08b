import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CategoryConfig,
  CategoryInput,
  DecisionConfig,
  DecisionInput,
  HopConfig,
  HopInput,
  IdParams,
  MemberInput,
  RequestConfig,
  SubcategoryConfig,
  SubcategoryInput,
  UnitConfig,
  UnitInput,
  UnitMember,
} from '@portal/contract';
import { acting } from '../../lib/auth';
import { errorResponses } from '../../lib/errors';
import {
  createCategory,
  createDecision,
  createHop,
  createSubcategory,
  createUnit,
  deleteDecision,
  deleteHop,
  requestConfig,
  setUnitMember,
  unitMembers,
  updateCategory,
  updateDecision,
  updateSubcategory,
  updateUnit,
} from './config.service';

const tags = ['request configuration'];
const errors = errorResponses(400, 401, 403, 404, 409);
const noContent = { 204: z.null() };

/**
 * Issue 11 (decision 32): the administrators' configuration of requests: units and their members,
 * categories, sub-categories with their display configuration, hops and decisions. Every change is
 * audited with the values before and after.
 */
export const requestConfigRoutes: FastifyPluginAsyncZod = async (app) => {
  const configure = app.requirePermission('requests.configure');
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get(
    '/request-config',
    {
      schema: {
        tags,
        summary:
          'Every unit (with its member count), category and sub-category (disabled ones too), and every hop with its decisions, each marked used when the history names it',
        response: { 200: RequestConfig, ...errors },
      },
      preHandler: configure,
    },
    async () => requestConfig(app.ctx),
  );

  app.post(
    '/request-config/units',
    {
      schema: { tags, summary: 'Add a unit; a code already used is 409 ALREADY_EXISTS', body: UnitInput, response: { 201: UnitConfig, ...errors } },
      preHandler: configure,
    },
    async (request, reply) => reply.code(201).send(await createUnit(app.ctx, { ...acting(request), values: request.body })),
  );

  app.patch(
    '/request-config/units/:id',
    {
      schema: { tags, summary: 'Change a unit (code, names, school department)', params: IdParams, body: UnitInput, response: { 200: UnitConfig, ...errors } },
      preHandler: configure,
    },
    async (request) => updateUnit(app.ctx, { ...acting(request), id: request.params.id, values: request.body }),
  );

  app.post(
    '/request-config/categories',
    {
      schema: { tags, summary: 'Add a category; a code already used is 409 ALREADY_EXISTS', body: CategoryInput, response: { 201: CategoryConfig, ...errors } },
      preHandler: configure,
    },
    async (request, reply) => reply.code(201).send(await createCategory(app.ctx, { ...acting(request), values: request.body })),
  );

  app.patch(
    '/request-config/categories/:id',
    {
      schema: {
        tags,
        summary: 'Change a category (disabled: hidden from the filing form)',
        params: IdParams,
        body: CategoryInput,
        response: { 200: CategoryConfig, ...errors },
      },
      preHandler: configure,
    },
    async (request) => updateCategory(app.ctx, { ...acting(request), id: request.params.id, values: request.body }),
  );

  app.post(
    '/request-config/subcategories',
    {
      schema: {
        tags,
        summary: 'Add a sub-category with its display configuration and first unit; a code already used is 409 ALREADY_EXISTS',
        body: SubcategoryInput,
        response: { 201: SubcategoryConfig, ...errors },
      },
      preHandler: configure,
    },
    async (request, reply) => reply.code(201).send(await createSubcategory(app.ctx, { ...acting(request), values: request.body })),
  );

  app.patch(
    '/request-config/subcategories/:id',
    {
      schema: {
        tags,
        summary: 'Change a sub-category (labels, display configuration, first unit, position, enabled)',
        params: IdParams,
        body: SubcategoryInput,
        response: { 200: SubcategoryConfig, ...errors },
      },
      preHandler: configure,
    },
    async (request) => updateSubcategory(app.ctx, { ...acting(request), id: request.params.id, values: request.body }),
  );

  app.post(
    '/request-config/hops',
    {
      schema: {
        tags,
        summary: 'Add a hop of a sub-category from one unit to another (not itself); the same hop twice is 409 ALREADY_EXISTS',
        body: HopInput,
        response: { 201: HopConfig, ...errors },
      },
      preHandler: configure,
    },
    async (request, reply) => reply.code(201).send(await createHop(app.ctx, { ...acting(request), values: request.body })),
  );

  app.delete(
    '/request-config/hops/:id',
    {
      schema: {
        tags,
        summary:
          'Delete a hop and its decisions; one a request arrived by, a batch carried, a step names a decision of, or a decision forwards along is 409 IN_USE',
        params: IdParams,
        response: { ...noContent, ...errors },
      },
      preHandler: configure,
    },
    async (request, reply) => {
      await deleteHop(app.ctx, { ...acting(request), id: request.params.id });
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/request-config/decisions',
    {
      schema: {
        tags,
        summary:
          'Add a decision to a hop; one that forwards needs a hop from the deciding unit to the forward unit (else 400 DECISION_FORWARD_INVALID); never REGISTERED',
        body: DecisionInput,
        response: { 201: DecisionConfig, ...errors },
      },
      preHandler: configure,
    },
    async (request, reply) => reply.code(201).send(await createDecision(app.ctx, { ...acting(request), values: request.body })),
  );

  app.patch(
    '/request-config/decisions/:id',
    {
      schema: {
        tags,
        summary: 'Change a decision (same rules as adding one; a used decision stays on its hop: 409 IN_USE)',
        params: IdParams,
        body: DecisionInput,
        response: { 200: DecisionConfig, ...errors },
      },
      preHandler: configure,
    },
    async (request) => updateDecision(app.ctx, { ...acting(request), id: request.params.id, values: request.body }),
  );

  app.delete(
    '/request-config/decisions/:id',
    {
      schema: { tags, summary: 'Delete a decision; one a step names is 409 IN_USE', params: IdParams, response: { ...noContent, ...errors } },
      preHandler: configure,
    },
    async (request, reply) => {
      await deleteDecision(app.ctx, { ...acting(request), id: request.params.id });
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/request-config/members',
    {
      schema: {
        tags,
        summary: 'The back-office accounts (persons holding a role) and the unit each processes requests in',
        response: { 200: z.array(UnitMember), ...errors },
      },
      preHandler: configure,
    },
    async () => unitMembers(app.ctx),
  );

  app.put(
    '/request-config/members/:id',
    {
      schema: {
        tags,
        summary: 'Put a back-office account in a unit, or out of any (REQUEST_UNIT_ID null); a person without a role is 400',
        params: IdParams,
        body: MemberInput,
        response: { 200: UnitMember, ...errors },
      },
      preHandler: configure,
    },
    async (request) => setUnitMember(app.ctx, { ...acting(request), personId: request.params.id, values: request.body }),
  );
};
