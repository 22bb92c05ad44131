import {
  monthOrCurrent,
  ZCloseMonthRequest,
  ZErrorResponse,
  ZLabourSettingsRequest,
  ZLabourSettingsResponse,
  ZMonthParams,
  ZMonthQuery,
  ZMonthStateResponse,
  ZPayrollResponse,
  ZReopenMonthRequest,
} from '@puna/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/http';
import { employerTimeZoneOf } from '../../lib/tenant';
import { actorOf } from '../../plugins/auth';
import * as labour from './service';

export async function labourRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get('/krye/labour-settings', {
    config: { auth: 'employer' },
    schema: {
      tags: ['labour'],
      summary: "The employer's labour-law jurisdiction, whether its rules apply, and the currency",
      response: { 200: ZLabourSettingsResponse, ...errorResponses },
    },
    handler: async (request) => ({
      Status: true as const,
      Result: await labour.getLabourSettings(app.deps, actorOf(request)),
    }),
  });

  app.put('/krye/labour-settings', {
    config: { auth: 'employer' },
    schema: {
      tags: ['labour'],
      summary: 'Change the jurisdiction and/or turn the labour-law rules on or off',
      body: ZLabourSettingsRequest,
      response: { 200: ZLabourSettingsResponse, ...errorResponses },
    },
    handler: async (request) => ({
      Status: true as const,
      Result: await labour.updateLabourSettings(app.deps, actorOf(request), request.body),
    }),
  });

  app.get('/krye/payroll', {
    config: { auth: 'employer' },
    schema: {
      tags: ['labour'],
      summary:
        'The payroll statement for ?month=YYYY-MM (this month when absent) under the labour-law rules: per worker gross, premiums, contributions, tax, net and employer cost; amounts in the major unit',
      querystring: ZMonthQuery,
      response: { 200: ZPayrollResponse, ...errorResponses, 422: ZErrorResponse },
    },
    handler: async (request) => {
      const actor = actorOf(request);
      const month = monthOrCurrent(request.query.month, employerTimeZoneOf(actor));
      return { Status: true as const, Result: await labour.payrollStatement(app.deps, actor, month) };
    },
  });

  app.post('/krye/months/:month/close', {
    config: { auth: 'employer' },
    schema: {
      tags: ['labour'],
      summary:
        'Close a month: store its payroll statement and refuse hours entries and scan corrections dated in it (409) until it is reopened. While the month has exceptions, refused (409) unless the body says { acknowledge_exceptions: true }',
      params: ZMonthParams,
      body: ZCloseMonthRequest,
      response: {
        200: ZMonthStateResponse,
        ...errorResponses,
        // monthHasExceptions says how many.
        409: ZErrorResponse.extend({ exceptions: z.number().int().optional() }),
        422: ZErrorResponse,
      },
    },
    handler: async (request) => ({
      Status: true as const,
      Result: await labour.closeMonth(
        app.deps,
        actorOf(request),
        request.params.month,
        request.body?.acknowledge_exceptions === true,
      ),
    }),
  });

  app.post('/krye/months/:month/reopen', {
    config: { auth: 'employer' },
    schema: {
      tags: ['labour'],
      summary: 'Reopen a closed month, saying why (kept in the audit log)',
      params: ZMonthParams,
      body: ZReopenMonthRequest,
      response: { 200: ZMonthStateResponse, ...errorResponses },
    },
    handler: async (request) => ({
      Status: true as const,
      Result: await labour.reopenMonth(app.deps, actorOf(request), request.params.month, request.body.reason),
    }),
  });
}
