import { ZIdParams, ZKioskIdentityResponse, ZKioskPinRequest } from '@puna/domain';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/http';
import { actorOf } from '../../plugins/auth';
import * as badges from './badges';

const sendPdf = (reply: FastifyReply, body: Buffer, fileName: string) =>
  reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'no-store')
    .send(body);

/** Kiosk PIN and QR badge of an employee (docs/devices.md#kiosk-pin-qr-badge-and-photo); part of Puna Premium, like the kiosk. */
export async function badgesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const config = { auth: 'employer', premium: true } as const;

  app.get('/krye/employees/:id/kiosk', {
    config,
    schema: {
      tags: ['employees'],
      summary: "An employee's kiosk PIN (or null), badge version and the text of its current QR badge",
      params: ZIdParams,
      response: { 200: ZKioskIdentityResponse, ...errorResponses },
    },
    handler: async (request) => ({
      Status: true as const,
      Result: await badges.kioskIdentityOf(app.deps, actorOf(request), request.params.id),
    }),
  });

  app.put('/krye/employees/:id/kiosk-pin', {
    config,
    schema: {
      tags: ['employees'],
      summary:
        "Set an employee's kiosk PIN (4–8 digits) or clear it with null; 409 when another employee has it as kiosk or clock PIN",
      params: ZIdParams,
      body: ZKioskPinRequest,
      response: { 200: ZKioskIdentityResponse, ...errorResponses },
    },
    handler: async (request) => ({
      Status: true as const,
      Result: await badges.setKioskPin(app.deps, actorOf(request), request.params.id, request.body.pin),
    }),
  });

  app.get('/krye/employees/:id/badge.pdf', {
    config,
    schema: {
      tags: ['employees'],
      summary: "An employee's QR badge as a card-sized PDF (85.6 × 54 mm): company, name and QR code",
      params: ZIdParams,
      response: errorResponses,
    },
    handler: async (request, reply) => {
      const file = await badges.badgePdf(app.deps, actorOf(request), request.params.id);
      return sendPdf(reply, file.body, `puna-badge-${request.params.id}.pdf`);
    },
  });

  app.post('/krye/employees/:id/badge/revoke', {
    config,
    schema: {
      tags: ['employees'],
      summary: "Revoke an employee's QR badge: its version goes up and every badge printed before is refused",
      params: ZIdParams,
      body: z.strictObject({}).nullish(),
      response: { 200: ZKioskIdentityResponse, ...errorResponses },
    },
    handler: async (request) => ({
      Status: true as const,
      Result: await badges.revokeBadge(app.deps, actorOf(request), request.params.id),
    }),
  });
}
