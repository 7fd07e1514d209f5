import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { ApiStatus, renderMessage } from '@kaoshi/shared';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { markRoutesPublic } from './access.js';
import { requestLanguage } from '../lib/request-language.js';
import { sendEnvelope } from './envelope.js';

/**
 * Serves the built web app with history fallback: a GET for an unknown non-API path answers
 * index.html so the client router can take it. Unknown /api paths answer the envelope (10003).
 */
export default fp(async function webPlugin(
  app: FastifyInstance,
  opts: { webDist: string | undefined },
) {
  const indexFile = opts.webDist ? path.join(opts.webDist, 'index.html') : undefined;
  const hasWeb = indexFile !== undefined && fs.existsSync(indexFile);
  if (hasWeb) {
    await app.register(async (child) => {
      markRoutesPublic(child);
      await child.register(fastifyStatic, {
        root: opts.webDist!,
        wildcard: true,
        index: ['index.html'],
        // The build writes .br and .gz copies (apps/web/scripts/precompress.mjs): sent as they
        // are to a browser that accepts them, so page loads cost no compression CPU.
        preCompressed: true,
        // Hashed asset names never change content: cache them for a year. index.html names the
        // current ones, so it is always revalidated. The plugin's own header (max-age=0) is
        // off: it was written after these and replaced them.
        cacheControl: false,
        setHeaders: (res, filePath) => {
          // The same address answers brotli, gzip or plain by the request's Accept-Encoding.
          res.setHeader('vary', 'accept-encoding');
          if (filePath.includes(`${path.sep}assets${path.sep}`)) {
            res.setHeader('cache-control', 'public, max-age=31536000, immutable');
          } else {
            res.setHeader('cache-control', 'no-cache');
          }
        },
      });
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split('?')[0] ?? '';
    if (
      url === '/api' ||
      url.startsWith('/api/') ||
      !hasWeb ||
      (request.method !== 'GET' && request.method !== 'HEAD')
    ) {
      const { method } = request;
      const message = renderMessage('routeNotFound', { method, url }, requestLanguage(request));
      return sendEnvelope(reply, ApiStatus.NOT_FOUND, message);
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html', opts.webDist!);
  });
});
