import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { declareStaticRoute } from './auth';

/** OpenAPI generated from the routes' Zod schemas; UI at /api/docs, document at /api/docs/json. */
export const docsPlugin = fp(async (app: FastifyInstance) => {
  await app.register(swagger, {
    openapi: {
      info: { title: 'Puna API', description: 'Workforce and attendance API', version: '1.0.0' },
      components: {
        securitySchemes: {
          cookie: { type: 'apiKey', in: 'cookie', name: 'puna_session' },
          bearer: { type: 'http', scheme: 'bearer' },
        },
      },
      security: [{ cookie: [] }, { bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  // Encapsulated so that only the UI's routes are declared 'static'; the document stays at the root to see every route.
  await app.register(async (ui) => {
    ui.addHook('onRoute', declareStaticRoute);
    await ui.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  });
});
