import { requestLanguage } from '../lib/request-language.js';
import {
  ApiStatus,
  httpStatusOf,
  renderMessage,
  SERVER_MESSAGES,
  withFieldLabel,
  type ApiStatusCode,
  type Envelope,
  type MessageKey,
  type MessageLanguage,
  type MessageParams,
} from '@kaoshi/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifySchemaCompiler } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { safeParse, type $ZodType } from 'zod/v4/core';
import { AppError, WaitRefusal } from '../errors.js';

/** What the web reads beside a refusal: the form field it blames, when it blames one. */
export interface RefusalData {
  field: string;
}

export function sendEnvelope(
  reply: FastifyReply,
  status: ApiStatusCode,
  message: string,
  data: unknown = null,
) {
  const body: Envelope = { status, message, data };
  return reply.code(httpStatusOf[status]).type('application/json; charset=utf-8').send(body);
}

const refusal = (field: string | undefined): RefusalData | null =>
  field === undefined ? null : { field };

const STATUS_OF_HTTP: Partial<Record<number, ApiStatusCode>> = {
  401: ApiStatus.NO_SESSION,
  403: ApiStatus.FORBIDDEN,
  404: ApiStatus.NOT_FOUND,
  409: ApiStatus.CONFLICT,
  429: ApiStatus.TOO_MANY_REQUESTS,
};

/** Zod's own wording of its issues, per language. */
const ZOD_LOCALES: Record<MessageLanguage, z.core.$ZodErrorMap> = {
  zh: z.locales.zhCN().localeError,
  en: z.locales.en().localeError,
  es: z.locales.es().localeError,
  ja: z.locales.ja().localeError,
};

/**
 * fastify-type-provider-zod's validator, keeping each issue's input: zod's locales word a type
 * mismatch by what was received, and the wording happens per request, after parsing.
 */
export const validatorCompiler: FastifySchemaCompiler<$ZodType> =
  ({ schema }) =>
  (data) => {
    const result = safeParse(schema, data, { reportInput: true });
    if (!result.error) return { value: result.data };
    return { error: result.error.issues.map(toValidationIssue) as never };
  };

const toValidationIssue = (issue: z.core.$ZodIssue): ValidationIssue => ({
  keyword: issue.code,
  instancePath: `/${issue.path.join('/')}`,
  schemaPath: `#/${issue.path.join('/')}/${issue.code}`,
  message: issue.message,
  params: { ...issue },
});

/**
 * Input checked outside a route's schema (the text fields of a multipart form) refused like a
 * route's own: parse it with `reportInput` so zod's locales can word what was received.
 */
export const zodRefusal = (issues: z.core.$ZodIssue[], context = 'body') =>
  Object.assign(new Error('invalid input'), {
    statusCode: 400,
    validationContext: context,
    validation: issues.map(toValidationIssue),
  });

/**
 * A socket event's payload refused by its schema: worded like a route's refusal when it is
 * acknowledged (socketRefusal), `route` naming the HTTP call it mirrors for the field labels.
 */
export class PayloadRefusal extends Error {
  readonly validation: ValidationIssue[];
  readonly validationContext = 'body' as const;
  constructor(
    issues: z.core.$ZodIssue[],
    readonly route: string,
  ) {
    super('invalid payload');
    this.validation = issues.map(toValidationIssue);
  }
}

/** The socket event's payload as `schema` reads it, or its PayloadRefusal. */
export function parsePayload<S extends $ZodType>(schema: S, payload: unknown, route = '') {
  const result = safeParse(schema, payload, { reportInput: true });
  if (result.error) throw new PayloadRefusal(result.error.issues, route);
  return result.data as z.core.output<S>;
}

/**
 * The issue as fastify-type-provider-zod hands it over (its `params` keep every field of zod's
 * issue but path, code and message), with the input kept by our validator compiler.
 */
interface ValidationIssue {
  keyword: string;
  instancePath: string;
  schemaPath?: string;
  message?: string;
  params?: Record<string, unknown>;
}

const isMessageKey = (value: unknown): value is MessageKey =>
  typeof value === 'string' && Object.hasOwn(SERVER_MESSAGES, value);

/** One zod issue in the language: our own refinements by their key, zod's through its locale. */
function wordIssue(issue: ValidationIssue, language: MessageLanguage): string {
  const params = issue.params ?? {};
  const custom = (params.params ?? {}) as { messageKey?: unknown; messageParams?: MessageParams };
  if (isMessageKey(custom.messageKey)) {
    return renderMessage(custom.messageKey, custom.messageParams ?? {}, language);
  }
  const worded = ZOD_LOCALES[language]({ ...params, code: issue.keyword } as never);
  const text = typeof worded === 'string' ? worded : worded?.message;
  return text ?? renderMessage('invalidValue', {}, language);
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
  const language = requestLanguage(request);
  const key: MessageKey | undefined =
    error.code === 'FST_ERR_BAD_URL'
      ? 'badUrl'
      : error.code === 'FST_ERR_MAX_PARAM_LENGTH'
        ? 'pathParamTooLong'
        : undefined;
  if (key) {
    const refused = new AppError(ApiStatus.INVALID_INPUT, key, {}, 'url');
    return sendEnvelope(reply, refused.status, refused.render(language), refusal('url'));
  }
  request.log.error({ err: error }, 'framework error');
  return sendEnvelope(
    reply,
    ApiStatus.INTERNAL,
    renderMessage('internalError', { requestId: request.id }, language),
  );
}

/**
 * The refusal of zod validation: each issue (at most five) after the label of the field it
 * names, e.g. `名称：太小：期望 string 长度 >=2 字符`; the first field goes into `data`.
 */
export function describeValidation(
  error: { validation?: readonly ValidationIssue[]; validationContext?: string },
  language: MessageLanguage,
  path: string,
) {
  const context = error.validationContext ?? 'body';
  const issues = (error.validation ?? []) as ValidationIssue[];
  const fields = issues.map((issue) => issue.instancePath.replace(/^\//, '').replaceAll('/', '.'));
  const message = issues
    .slice(0, 5)
    .map((issue, index) =>
      withFieldLabel(fields[index] || context, wordIssue(issue, language), language, path),
    )
    .join('; ');
  return { message, field: fields[0] || context };
}

/** Fastify's and its plugins' own refusals, worded from the catalogue. */
function fastifyRefusal(error: FastifyError, reply: FastifyReply, code: number) {
  switch (error.code) {
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { key: 'emptyJsonBody', field: 'body' } as const;
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return { key: 'malformedJson', field: 'body' } as const;
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { key: 'bodyTooLarge', field: 'body' } as const;
  }
  if (error instanceof SyntaxError) return { key: 'malformedJson', field: 'body' } as const;
  if (code === 429) {
    return {
      key: 'tooManyRequests',
      params: { seconds: String(reply.getHeader('retry-after') ?? 60) },
    } as const;
  }
  return { key: 'badRequest' } as const;
}

/**
 * Every failure becomes the envelope, worded in the request's language. Client mistakes keep
 * their status; anything unexpected is logged with the request id and answered with a generic 500.
 */
export default fp(async function envelopePlugin(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const language = requestLanguage(request);
    if (error instanceof AppError) {
      const data = error instanceof WaitRefusal ? error.data : refusal(error.field);
      return sendEnvelope(reply, error.status, error.render(language), data);
    }
    if (error.validation) {
      // The path words a field some calls share with different meanings (a marking plan's mode).
      const { message, field } = describeValidation(error, language, request.url);
      return sendEnvelope(reply, ApiStatus.INVALID_INPUT, message, refusal(field));
    }
    const code = error.statusCode ?? 500;
    if (code === 415) {
      const type = String(request.headers['content-type'] ?? '');
      const text = renderMessage('unsupportedContentType', { type }, language);
      return sendEnvelope(
        reply,
        ApiStatus.INVALID_INPUT,
        withFieldLabel('content-type', text, language),
        refusal('content-type'),
      );
    }
    if (code >= 400 && code < 500) {
      const { key, field, params } = fastifyRefusal(error, reply, code) as {
        key: MessageKey;
        field?: string;
        params?: MessageParams;
      };
      const text = renderMessage(key, params ?? {}, language);
      return sendEnvelope(
        reply,
        STATUS_OF_HTTP[code] ?? ApiStatus.INVALID_INPUT,
        field ? withFieldLabel(field, text, language) : text,
        refusal(field),
      );
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendEnvelope(
      reply,
      ApiStatus.INTERNAL,
      renderMessage('internalError', { requestId: request.id }, language),
    );
  });
});
