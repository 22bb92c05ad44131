import {
  ROLE_MASTER,
  ROLE_WORKER,
  ZCreateEmployeeRequest,
  ZDeleteEmployeeResponse,
  ZEditEmployeeRequest,
  ZEmployeeDetailResponse,
  ZEmployeeListResponse,
  ZEmployeeResponse,
  ZIdParams,
  ZWorkerCountResponse,
} from '@puna/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/http';
import { actorOf } from '../../plugins/auth';
import { badgesRoutes } from './badges-routes';
import * as employees from './service';

/** The content type Fastify gives the answers it serializes. */
const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

const counts = [
  { path: '/krye/ujipuntoret_count', role: undefined, what: 'all employees' },
  { path: '/krye/ujipuntor_count', role: ROLE_WORKER, what: `employees with the role '${ROLE_WORKER}'` },
  { path: '/krye/ujimjeshter_count', role: ROLE_MASTER, what: `employees with the role '${ROLE_MASTER}'` },
] as const;

export async function employeesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  await badgesRoutes(fastify);

  for (const { path, role, what } of counts) {
    app.get(path, {
      config: { auth: 'employer' },
      schema: {
        tags: ['employees'],
        summary: `Dashboard count of ${what}`,
        response: { 200: ZWorkerCountResponse, ...errorResponses },
      },
      handler: async (request) => ({
        Status: true as const,
        Result: { worker_count: await employees.countEmployeesByRole(app.deps, actorOf(request), role) },
      }),
    });
  }

  app.get('/krye/employee', {
    config: { auth: 'employer' },
    schema: {
      tags: ['employees'],
      summary: "The employer's employees by name, with their login e-mail (or null)",
      response: { 200: ZEmployeeListResponse, ...errorResponses },
    },
    handler: async (request, reply) => {
      const actor = actorOf(request);
      const answer = await employees.employeeListAnswer(app.deps, actor);
      if ('employees' in answer) return { Status: true as const, Result: answer.employees };
      // Under test every answer is also made the old way, through the route's serializer (which
      // checks it against the schema): the database's text must be the same, byte for byte.
      if (app.config.env === 'test') {
        const expected = reply.serialize({
          Status: true as const,
          Result: await employees.listEmployees(app.deps, actor),
        });
        const text = answer.body.toString();
        if (expected !== text) {
          throw new Error(`GET /krye/employee: the database wrote ${text} where the serializer gives ${expected}`);
        }
      }
      // Already JSON: Fastify sends bytes with a JSON content type as they are.
      return reply.type(JSON_CONTENT_TYPE).send(answer.body as never);
    },
  });

  app.get('/krye/data/employee/:id', {
    config: { auth: 'employer' },
    schema: {
      tags: ['employees'],
      summary: 'One employee for the edit form',
      params: ZIdParams,
      response: { 200: ZEmployeeDetailResponse, ...errorResponses },
    },
    handler: async (request) => ({
      Status: true as const,
      Result: await employees.getEmployee(app.deps, actorOf(request), request.params.id),
    }),
  });

  app.post('/krye/add_employee', {
    config: { auth: 'employer' },
    schema: {
      tags: ['employees'],
      summary:
        "Add an employee; e-mail and password together create the worker's login; personal_id (optional) is the personal ID number for the payroll declaration; start_date and end_date (optional, YYYY-MM-DD, end not before start) are the first and last day of employment. Refused past the employer's worker limit (409).",
      body: ZCreateEmployeeRequest,
      response: { 201: ZEmployeeResponse, ...errorResponses },
    },
    handler: async (request, reply) =>
      reply.status(201).send({
        Status: true as const,
        Result: await employees.createEmployee(app.deps, actorOf(request), request.body),
      }),
  });

  app.put('/krye/edit_employee/:id', {
    config: { auth: 'employer' },
    schema: {
      tags: ['employees'],
      summary:
        "Edit an employee (name, salary, wages, role; schedule, card, PIN, personal_id, start_date and end_date when sent, null clears them; password sets the worker login's password and signs it out everywhere)",
      params: ZIdParams,
      body: ZEditEmployeeRequest,
      response: { 200: ZEmployeeResponse, ...errorResponses },
    },
    handler: async (request) => ({
      Status: true as const,
      Result: await employees.updateEmployee(app.deps, actorOf(request), request.params.id, request.body),
    }),
  });

  app.delete('/krye/delete_employee/:id', {
    config: { auth: 'employer' },
    schema: {
      tags: ['employees'],
      summary:
        'Delete an employee with its hours, scans and worker login (cascade). An employee with pay in a closed month is archived instead: its end_date becomes today, its card, PIN and login are removed, its hours, scans, statements and payslips are kept, and the answer has archived: true, end_date and a message.',
      params: ZIdParams,
      response: { 200: ZDeleteEmployeeResponse, ...errorResponses },
    },
    handler: async (request) => employees.deleteEmployee(app.deps, actorOf(request), request.params.id),
  });
}
