import {
  monthOrCurrent,
  ZDeclarationQuery,
  ZExportQuery,
  ZMonthPayslipsQuery,
  ZMonthQuery,
  ZPayslipParams,
  ZWorkerPayslipsQuery,
  ZWorkerPayslipsResponse,
} from '@puna/domain';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/http';
import { employerTimeZoneOf } from '../../lib/tenant';
import { actorOf } from '../../plugins/auth';
import { declarationSheet } from './declaration';
import { attachmentHeader, payslipFileName } from './file-names';
import { employerPayslip, monthPayslips, ownPayslip, ownPayslips, type PayslipFile } from './payslips';
import { hoursSheet, payrollSheet, paySheet, renderSheet } from './service';
import { type ExportFile, sheetToXlsx } from './sheet';

function sendFile(reply: FastifyReply, file: ExportFile, baseName: string) {
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', attachmentHeader(`${baseName}.${file.extension}`))
    .header('cache-control', 'no-store')
    .send(file.body);
}

export async function exportsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  const exports = [
    { path: '/krye/export/hours', name: 'ore', build: hoursSheet, what: "a month's hours entries" },
    { path: '/krye/export/pay', name: 'rroga', build: paySheet, what: "a month's pay summary" },
    {
      path: '/krye/export/payroll',
      name: 'lista-e-pagave',
      build: payrollSheet,
      what: "a month's payroll list for the declaration (one row per worker, from the payroll statement; 409 while the labour-law rules are off)",
    },
  ] as const;

  for (const { path, name, build, what } of exports) {
    app.get(path, {
      config: { auth: 'employer' },
      schema: {
        tags: ['export'],
        summary: `Download ${what} as ?format=csv (default) or xlsx, for ?month=YYYY-MM (current when absent); a CSV has a period line and a totals row, written for ?locale=sq (default: ; between fields, 1.234,56) or en (, and 1,234.56)`,
        querystring: ZExportQuery,
        response: errorResponses,
      },
      handler: async (request, reply) => {
        const actor = actorOf(request);
        const month = monthOrCurrent(request.query.month, employerTimeZoneOf(actor));
        const file = await renderSheet(await build(app.deps, actor, month), request.query.format, request.query.locale);
        return sendFile(reply, file, `puna-${name}-${month}`);
      },
    });
  }

  const pdf = (reply: FastifyReply, body: Buffer, fileName: string) =>
    reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', attachmentHeader(fileName))
      .header('cache-control', 'no-store')
      .send(body);
  const payslipPdf = (reply: FastifyReply, file: PayslipFile, month: string) =>
    pdf(reply, file.body, payslipFileName(file.name, month));

  app.get('/krye/payslips', {
    config: { auth: 'employer' },
    schema: {
      tags: ['export'],
      summary:
        "Every payslip of ?month=YYYY-MM (current when absent) in one PDF, a page per worker of the statement: the closed month's snapshot, or the statement as it stands marked provisional (as the single payslip); 409 while the labour-law rules are off",
      querystring: ZMonthPayslipsQuery,
      response: errorResponses,
    },
    handler: async (request, reply) => {
      const actor = actorOf(request);
      const month = monthOrCurrent(request.query.month, employerTimeZoneOf(actor));
      return pdf(reply, await monthPayslips(app.deps, actor, month), `puna-fletëpagesat-${month}.pdf`);
    },
  });

  app.get('/krye/declaration', {
    config: { auth: 'employer' },
    schema: {
      tags: ['export'],
      summary:
        "The month's declaration list for the employer's jurisdiction as XLSX, for ?month=YYYY-MM (current when absent): Kosovo, ATK's monthly wage tax and pension contribution list; Albania, E-SIG 025/a (docs/labour-rules.md#declaration-lists); 409 while the labour-law rules are off",
      querystring: ZDeclarationQuery,
      response: errorResponses,
    },
    handler: async (request, reply) => {
      const actor = actorOf(request);
      const month = monthOrCurrent(request.query.month, employerTimeZoneOf(actor));
      const { sheet, fileName } = await declarationSheet(app.deps, actor, month);
      return sendFile(reply, await sheetToXlsx(sheet), fileName);
    },
  });

  app.get('/krye/payslip/:employeeId', {
    config: { auth: 'employer' },
    schema: {
      tags: ['export'],
      summary:
        "A worker's payslip in Albanian as a PDF for ?month=YYYY-MM (current when absent): the closed month's snapshot, or the statement as it stands marked provisional; another employer's worker is 404",
      params: ZPayslipParams,
      querystring: ZMonthQuery,
      response: errorResponses,
    },
    handler: async (request, reply) => {
      const actor = actorOf(request);
      const month = monthOrCurrent(request.query.month, employerTimeZoneOf(actor));
      const { employeeId } = request.params;
      return payslipPdf(reply, await employerPayslip(app.deps, actor, employeeId, month), month);
    },
  });

  app.get('/krye/worker/me/payslip', {
    config: { auth: 'worker' },
    schema: {
      tags: ['worker'],
      summary:
        "The worker's own payslip in Albanian as a PDF for ?month=YYYY-MM (current when absent), once the employer has closed the month (409 before)",
      querystring: ZMonthQuery,
      response: errorResponses,
    },
    handler: async (request, reply) => {
      const actor = actorOf(request);
      const month = monthOrCurrent(request.query.month, employerTimeZoneOf(actor));
      return payslipPdf(reply, await ownPayslip(app.deps, actor, month), month);
    },
  });

  app.get('/krye/worker/me/payslips', {
    config: { auth: 'worker' },
    schema: {
      tags: ['worker'],
      summary:
        'The months whose payslip the worker can download (closed by its employer, with the worker in the statement), newest first',
      querystring: ZWorkerPayslipsQuery,
      response: { 200: ZWorkerPayslipsResponse, ...errorResponses },
    },
    handler: async (request) => ({ Status: true as const, Result: await ownPayslips(app.deps, actorOf(request)) }),
  });
}
