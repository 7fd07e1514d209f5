import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ApiStatus } from '@kaoshi/shared';
import { AppError } from '../errors.js';

/** In a `u` regex a surrogate pair is one code point, so only a lone surrogate matches. */
const LONE_SURROGATE = /\p{Cs}/u;

/** The path (`options.0.content`) of the first string or key in `value` that is not valid text. */
export function firstLoneSurrogate(value: unknown): string | undefined {
  // Iterative: a deeply nested JSON body must not overflow the stack.
  const pending: [path: string, value: unknown][] = [['', value]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [path, current] = next;
    if (typeof current === 'string') {
      if (LONE_SURROGATE.test(current)) return path;
      continue;
    }
    if (typeof current !== 'object' || current === null) continue;
    const entries = Array.isArray(current)
      ? current.map((item, index): [string, unknown] => [String(index), item])
      : Object.entries(current);
    for (let index = entries.length - 1; index >= 0; index--) {
      const [key, item] = entries[index]!;
      const at = path ? `${path}.${key}` : key;
      if (LONE_SURROGATE.test(key)) return at;
      pending.push([at, item]);
    }
  }
  return undefined;
}

/**
 * Refuses (10002, naming the field) any text with a lone UTF-16 surrogate (JSON's "\ud800") in a
 * request's body, query or path parameters, on every route: it is not text, SQLite would store it
 * as invalid UTF-8 and PostgreSQL's driver would silently replace it.
 */
export default fp(async function wellFormedTextPlugin(app: FastifyInstance) {
  app.addHook('preValidation', async (request: FastifyRequest) => {
    const parts: [string, unknown][] = [
      ['params', request.params],
      ['querystring', request.query],
      ['body', request.body],
    ];
    for (const [part, value] of parts) {
      const path = firstLoneSurrogate(value);
      if (path !== undefined) {
        throw new AppError(
          ApiStatus.INVALID_INPUT,
          'loneSurrogate',
          {},
          path ? `${part}.${path}` : part,
        );
      }
    }
  });
});
