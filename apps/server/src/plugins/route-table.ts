import type {
  FastifyContextConfig,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  preHandlerHookHandler,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';
import { ok } from '../errors.js';
import { sendXlsx } from '../lib/import-reply.js';
import type { Access } from './access.js';

/** The zod schemas of a route's inputs. */
interface Inputs {
  params?: ZodType;
  querystring?: ZodType;
  body?: ZodType;
}

/** One route as its table states it: its inputs, what the docs say, and what it needs. */
export interface RouteSpec extends Inputs {
  summary?: string;
  /** The table's access unless given. */
  access?: Access;
  /** The table's tags unless given. */
  tags?: string[];
  /** Body types a plain form may send (see refuseUndeclaredForm in plugins/access.ts). */
  consumes?: string[];
  /** Route config besides access (browserLoads, changesData, beforePasswordChange). */
  config?: Omit<FastifyContextConfig, 'access'>;
  preHandler?: preHandlerHookHandler;
  bodyLimit?: number;
}

/** The request of a route whose inputs are S, typed by their zod schemas. */
export type RouteRequest<S extends Inputs> = FastifyRequest<
  RouteGenericInterface,
  RawServerDefault,
  RawRequestDefaultExpression,
  S,
  ZodTypeProvider
>;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A workbook to download (see sendXlsx). */
type Workbook = Parameters<typeof sendXlsx>[1];

/**
 * The routes of one base path (docs/architecture.md: a route is its schema, its permission key
 * and its service call). Each verb takes the path under the base, the spec, and the call whose
 * result is the envelope's data; a call that answers nothing answers `data: null`. (The call
 * gets the reply too, for cookies.)
 * `xlsx` declares a GET that downloads the workbook its call makes.
 */
export function routeTable(
  app: FastifyInstance,
  base: string,
  shared: { access: Access; tags: string[] },
) {
  function declare<S extends RouteSpec>(
    method: Method,
    path: string,
    spec: S,
    handler: (request: RouteRequest<S>, reply: FastifyReply) => unknown,
  ) {
    const { summary, access, tags, consumes, config, preHandler, bodyLimit } = spec;
    const { params, querystring, body } = spec;
    app.route({
      method,
      url: `${base}/${path}`,
      config: { ...config, access: access ?? shared.access },
      ...(preHandler && { preHandler }),
      ...(bodyLimit !== undefined && { bodyLimit }),
      schema: {
        tags: tags ?? shared.tags,
        ...(summary !== undefined && { summary }),
        ...(params && { params }),
        ...(querystring && { querystring }),
        ...(body && { body }),
        ...(consumes && { consumes }),
      },
      handler: (request, reply) => handler(request as RouteRequest<S>, reply),
    });
  }

  const answering =
    (method: Method) =>
    <S extends RouteSpec>(
      path: string,
      spec: S,
      call: (request: RouteRequest<S>, reply: FastifyReply) => Promise<unknown>,
    ) =>
      declare(method, path, spec, async (request, reply) =>
        ok((await call(request, reply)) ?? null),
      );

  return {
    get: answering('GET'),
    post: answering('POST'),
    put: answering('PUT'),
    delete: answering('DELETE'),
    xlsx: <S extends RouteSpec>(
      path: string,
      spec: S,
      make: (request: RouteRequest<S>) => Promise<Workbook>,
    ) => declare('GET', path, spec, async (request, reply) => sendXlsx(reply, await make(request))),
  };
}

export type RouteTable = ReturnType<typeof routeTable>;
