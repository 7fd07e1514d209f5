import { languageOf, type MessageLanguage } from '@kaoshi/shared';
import type { FastifyRequest } from 'fastify';

/** The language the request asked for (the web sends its own; docs/spec.md §2 defaults to en). */
export const requestLanguage = (request: FastifyRequest): MessageLanguage =>
  languageOf(request.headers['accept-language']);
