import { ApiStatus, httpStatusOf, type ApiStatusCode, type Envelope } from '@kaoshi/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../errors.js';

export function sendEnvelope(
  reply: FastifyReply,
  status: ApiStatusCode,
  message: string,
  data: unknown = null,
) {
  const body: Envelope = { status, message, data };
  return reply.code(httpStatusOf[status]).type('application/json; charset=utf-8').send(body);
}

const STATUS_OF_HTTP: Partial<Record<number, ApiStatusCode>> = {
  401: ApiStatus.NO_SESSION,
  403: ApiStatus.FORBIDDEN,
  404: ApiStatus.NOT_FOUND,
  409: ApiStatus.CONFLICT,
  429: ApiStatus.TOO_MANY_REQUESTS,
};

/** Names the field zod refused, e.g. `body.name: Too small: expected string to have >=2 characters`. */
function describeValidation(error: FastifyError): string {
  const context = error.validationContext ?? 'input';
  const issues = (error.validation ?? []).slice(0, 5).map((issue) => {
    const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
    return `${field ? `${context}.${field}` : context}: ${issue.message ?? 'is invalid'}`;
  });
  return issues.length > 0 ? issues.join('; ') : error.message;
}

/**
 * Fastify's `frameworkErrors`: what the router refuses before any route or hook runs (a URL
 * whose percent-encoding is broken, `/api/%`) answers the envelope like everything else.
 */
export function frameworkErrorEnvelope(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  reply.header('x-request-id', request.id);
  if (error.code === 'FST_ERR_BAD_URL') {
    return sendEnvelope(reply, ApiStatus.INVALID_INPUT, 'url: not a valid URL (broken % encoding)');
  }
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    return sendEnvelope(reply, ApiStatus.INVALID_INPUT, 'url: a path parameter is too long');
  }
  request.log.error({ err: error }, 'framework error');
  return sendEnvelope(reply, ApiStatus.INTERNAL, `Internal error (request ${request.id})`);
}

/**
 * Every failure becomes the envelope. Client mistakes keep their message; anything unexpected
 * is logged with the request id and answered with a generic 500.
 */
export default fp(async function envelopePlugin(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) return sendEnvelope(reply, error.status, error.message);
    if (hasZodFastifySchemaValidationErrors(error) || error.validation) {
      return sendEnvelope(reply, ApiStatus.INVALID_INPUT, describeValidation(error));
    }
    const code = error.statusCode ?? 500;
    if (code === 415)
      return sendEnvelope(reply, ApiStatus.INVALID_INPUT, `content-type: ${error.message}`);
    if (code >= 400 && code < 500) {
      // Fastify's and its plugins' own refusals (malformed JSON, body too large, rate limit…).
      return sendEnvelope(reply, STATUS_OF_HTTP[code] ?? ApiStatus.INVALID_INPUT, error.message);
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendEnvelope(reply, ApiStatus.INTERNAL, `Internal error (request ${request.id})`);
  });
});
