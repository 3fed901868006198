import {
  changePasswordBody,
  Code,
  emptyData,
  envelope,
  errorResponses,
  loginBody,
  loginData,
  tokenQuery,
  userInfoData,
} from '@dms/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedIn } from '../../plugins/auth.js';


/** Spec section 7, /user: sign-in, user info, sign-out, change password. */
const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const users = app.services.users;

  app.post(
    '/login',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['user'],
        summary: 'Sign in; the username is trimmed. Rate-limited per username and per address (HTTP 429).',
        body: loginBody,
        response: { 200: envelope(loginData), ...errorResponses },
      },
    },
    async (request) => {
      const data = await users.login(request.body, {
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? '',
      });
      return { code: Code.SUCCESS, message: 'ok', data };
    },
  );

  app.get(
    '/info',
    {
      schema: {
        tags: ['user'],
        summary: "The signed-in user's roles, name, avatar, introduction, level, group_extra and is_manager",
        querystring: tokenQuery,
        response: { 200: envelope(userInfoData), ...errorResponses },
      },
    },
    async (request) => ({ code: Code.SUCCESS, message: 'ok', data: users.info(signedIn(request)) }),
  );

  app.get(
    '/logout',
    {
      schema: {
        tags: ['user'],
        summary: 'Sign out: the token is revoked and refused afterwards (50012)',
        querystring: tokenQuery,
        response: { 200: envelope(emptyData), ...errorResponses },
      },
    },
    async (request) => {
      await users.logout(signedIn(request), request.ip);
      return { code: Code.SUCCESS, message: 'ok', data: null };
    },
  );

  app.post(
    '/changepassword',
    {
      schema: {
        tags: ['user'],
        summary: "Change the signed-in user's password; their other sessions are signed out",
        body: changePasswordBody,
        response: { 200: envelope(emptyData), ...errorResponses },
      },
    },
    async (request) => {
      await users.changePassword(signedIn(request), request.body, request.ip);
      return { code: Code.SUCCESS, message: 'ok', data: null };
    },
  );
};

export default userRoutes;
