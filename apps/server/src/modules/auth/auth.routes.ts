import { CAPTCHA_COOKIE, loginBody } from '@kaoshi/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../errors.js';
import { clearSessionCookies, requireAuth, setSessionCookies } from '../../plugins/access.js';
import type { AuthService } from './auth.service.js';

const CAPTCHA_PATH = '/api/kaoshi-user/security';

/**
 * Requests per minute from one address to the captcha and to doLogin. An exam room of 300 behind
 * one NAT address signs in within a minute or two, each examinee with a captcha, a typo or two and
 * a fresh captcha after each: 60 a minute would turn most of the room away. Guessing is bounded by
 * the failure limits (LOGIN_FAILURE_LIMIT, ADDRESS_FAILURE_LIMIT), which refuse before any
 * password hashing; this bounds only the work one address can cause.
 */
export const SIGN_IN_RATE_PER_MINUTE = 1200;

export async function authRoutes(app: FastifyInstance, opts: { auth: AuthService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { auth } = opts;

  r.get(
    `${CAPTCHA_PATH}/captcha`,
    {
      config: {
        access: 'public',
        // The sign-in form shows it as an <img>.
        browserLoads: ['image'],
        rateLimit: { max: SIGN_IN_RATE_PER_MINUTE, timeWindow: '1 minute' },
      },
      schema: {
        tags: ['auth'],
        summary: 'Captcha image (PNG); its one-time code lives two minutes',
      },
    },
    async (_request, reply) => {
      const captcha = await auth.createCaptcha();
      reply.setCookie(CAPTCHA_COOKIE, captcha.id, {
        path: CAPTCHA_PATH,
        httpOnly: true,
        sameSite: 'strict',
        maxAge: captcha.maxAgeSeconds,
      });
      return reply.header('cache-control', 'no-store').type('image/png').send(captcha.png);
    },
  );

  r.get(
    `${CAPTCHA_PATH}/loginOptions`,
    {
      config: { access: 'public' },
      schema: { tags: ['auth'], summary: 'What the sign-in form needs to show: { captcha }' },
    },
    async () => ok({ captcha: auth.captchaRequired }),
  );

  r.post(
    `${CAPTCHA_PATH}/doLogin`,
    {
      config: {
        access: 'public',
        rateLimit: { max: SIGN_IN_RATE_PER_MINUTE, timeWindow: '1 minute' },
      },
      schema: {
        tags: ['auth'],
        summary: 'Sign in (form: username, password = client hash, verifyCode, userType)',
        // A form post in the spec (§7); the access plugin refuses it from another site.
        consumes: ['application/x-www-form-urlencoded', 'application/json'],
        body: loginBody,
      },
    },
    async (request, reply) => {
      const { token, expiresAt } = await auth.login(request.body, {
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? '',
        captchaId: request.cookies[CAPTCHA_COOKIE],
      });
      reply.clearCookie(CAPTCHA_COOKIE, { path: CAPTCHA_PATH });
      setSessionCookies(request, reply, token, expiresAt);
      return ok({ token });
    },
  );

  r.get(
    '/api/kaoshi-user/auth/authWebUser',
    {
      config: { access: 'session', beforePasswordChange: true },
      schema: { tags: ['auth'], summary: 'The signed-in user (spec §3)' },
    },
    async (request) => ok(await auth.sessionUser(requireAuth(request))),
  );

  r.get(
    '/api/kaoshi-user/user/logout',
    {
      config: { access: 'session', changesData: true, beforePasswordChange: true },
      schema: { tags: ['auth'], summary: 'Sign out: ends this session' },
    },
    async (request, reply) => {
      await auth.logout(requireAuth(request).sessionId);
      clearSessionCookies(reply);
      return ok(null);
    },
  );
}
