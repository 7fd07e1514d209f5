import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { markRoutesPublic } from './access.js';

/** OpenAPI generated from the same zod schemas the routes validate with, served at /api/docs. */
export default fp(async function docsPlugin(app: FastifyInstance) {
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Kaoshi API',
        version: '0.1.0',
        description:
          'Every answer is the envelope { status, message, data }. Sign in with POST /api/kaoshi-user/security/doLogin; ' +
          'the session travels in the KAOSHI_TOKEN cookie or as Authorization: Bearer TOKEN.',
      },
      components: {
        securitySchemes: {
          cookie: { type: 'apiKey', in: 'cookie', name: 'KAOSHI_TOKEN' },
          bearer: { type: 'http', scheme: 'bearer' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(async (child) => {
    // The docs are a page a person opens, with its own scripts, styles and images.
    markRoutesPublic(child, ['document', 'script', 'style', 'image']);
    await child.register(fastifySwaggerUi, {
      routePrefix: '/api/docs',
      staticCSP:
        "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; script-src 'self'; object-src 'none'; frame-ancestors 'self'",
    });
  });
});
