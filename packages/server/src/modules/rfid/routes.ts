import {
  ZAssignCardRequest,
  ZAssignCardResponse,
  ZDeleteRfidRequest,
  ZEditRfidRequest,
  ZIdParams,
  ZOkResponse,
  ZRfidDataQuery,
  ZRfidDateQuery,
  ZRfidWorkerListResponse,
  ZScanRecordListResponse,
  ZUnknownCardListResponse,
} from '@puna/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/http';
import { actorOf } from '../../plugins/auth';
import * as rfid from './service';

const config = { auth: 'employer', premium: true } as const;
const tags = ['rfid'];

/** The RFID list (docs/product.md#rfid-list) and card assignment; part of Puna Premium. */
export async function rfidRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get('/krye/listarfid', {
    config,
    schema: {
      tags,
      summary: 'Employees with their card UID (or null), by name',
      response: { 200: ZRfidWorkerListResponse, ...errorResponses },
    },
    handler: async (request) => ({
      Status: true as const,
      Result: await rfid.listRfidWorkers(app.deps, actorOf(request)),
    }),
  });

  app.get('/krye/rfid_data', {
    config,
    schema: {
      tags,
      summary: "One worker's raw scans (date, time, day in the employer's zone), optionally of one date",
      querystring: ZRfidDataQuery,
      response: { 200: ZScanRecordListResponse, ...errorResponses },
    },
    handler: async (request) => ({
      Status: true as const,
      Result: await rfid.workerScans(app.deps, actorOf(request), request.query.rfid_worker_id, request.query.date),
    }),
  });

  app.get('/krye/workerrfid/:id', {
    config,
    schema: {
      tags,
      summary: "A worker's name for the RFID edit modal",
      params: ZIdParams,
      response: { 200: z.object({ name: z.string() }), ...errorResponses },
    },
    handler: async (request) => rfid.workerRfidName(app.deps, actorOf(request), request.params.id),
  });

  app.put('/krye/edit_rfid', {
    config,
    schema: {
      tags,
      summary: "Correct a worker's first and last scan of a date (recorded as a correction; raw scans kept)",
      body: ZEditRfidRequest,
      response: { 200: ZOkResponse, ...errorResponses },
    },
    handler: async (request) => {
      await rfid.editRfid(app.deps, actorOf(request), request.body);
      return { Status: true as const };
    },
  });

  app.delete('/krye/delete_rfid', {
    config,
    schema: {
      tags,
      summary: "Remove a worker's scanned day from the list and pay (recorded as a correction; raw scans kept)",
      body: ZDeleteRfidRequest,
      response: { 200: ZOkResponse, ...errorResponses },
    },
    handler: async (request) => {
      await rfid.deleteRfid(app.deps, actorOf(request), request.body);
      return { Status: true as const };
    },
  });

  app.get('/krye/rfid/unknown', {
    config,
    schema: {
      tags,
      summary: 'Cards scanned that no employee held, by UID (optionally of one date), most recent first',
      querystring: ZRfidDateQuery.partial(),
      response: { 200: ZUnknownCardListResponse, ...errorResponses },
    },
    handler: async (request) => ({
      Status: true as const,
      Result: await rfid.unknownCards(app.deps, actorOf(request), request.query.date),
    }),
  });

  app.post('/krye/rfid/assign', {
    config,
    schema: {
      tags,
      summary:
        "Give a scanned card (or `PIN:<pin>` from a ZKTeco clock) to an employee and attribute that card's unattributed scans",
      body: ZAssignCardRequest,
      response: { 200: ZAssignCardResponse, ...errorResponses },
    },
    handler: async (request) => ({
      Status: true as const,
      Result: await rfid.assignCard(app.deps, actorOf(request), request.body),
    }),
  });
}
