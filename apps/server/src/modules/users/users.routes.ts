import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '@catalogue/shared/errors';
import { errorBody, messageBody } from '@catalogue/shared/schemas/common';
import {
  loginBodySchema,
  loginResponseSchema,
  publicUserSchema,
  registerBodySchema,
  userListSchema,
} from '@catalogue/shared/schemas/user';
import { bearerToken, sessionCookieHeader } from '../../plugins/auth.ts';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 409: errorBody, 429: errorBody };

/** The page-rendering cookie carries the same token as the Bearer header; /api never reads it. */
function setSessionCookie(reply: FastifyReply, token: string, maxAgeSeconds: number, isSecure: boolean) {
  reply.header('set-cookie', sessionCookieHeader(token, maxAgeSeconds, isSecure));
}

function clearSessionCookie(reply: FastifyReply, isSecure: boolean) {
  reply.header('set-cookie', sessionCookieHeader('', 0, isSecure));
}

export async function usersRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { users } = app.services;
  const isSecure = app.services.env.SITE_URL.startsWith('https:');

  app.post(
    '/register',
    { schema: { tags: ['users'], body: registerBodySchema, response: { 201: messageBody, ...errors } } },
    async (request, reply) => {
      await app.enforceRateLimit(reply, 'register', { ip: request.ip, email: request.body.email });
      await users.register(request.body);
      return reply.status(201).send({ message: 'User registered successfully' });
    },
  );

  app.post(
    '/login',
    { schema: { tags: ['users'], body: loginBodySchema, response: { 200: loginResponseSchema, ...errors } } },
    async (request, reply) => {
      await app.enforceRateLimit(reply, 'login', { ip: request.ip, email: request.body.email });
      const { token, user, maxAgeSeconds } = await users.login(request.body.email, request.body.password);
      setSessionCookie(reply, token, maxAgeSeconds, isSecure);
      return { message: 'Login successful', token, user };
    },
  );

  app.post(
    '/logout',
    {
      // Before the body is read, so a caller without a session learns nothing from a bad body;
      // a stale cookie is cleared even when the token is no longer valid.
      onRequest: async (request, reply) => {
        clearSessionCookie(reply, isSecure);
        if (!(await request.viewer())) throw new AppError('UNAUTHORIZED', 'Unauthorized');
      },
      schema: { tags: ['users'], response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      const token = bearerToken(request);
      if (!token) throw new AppError('UNAUTHORIZED', 'Unauthorized');
      await users.logout(token);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/me',
    {
      onRequest: app.requireUser,
      schema: { tags: ['users'], response: { 200: publicUserSchema, ...errors } },
    },
    async (request) => {
      const viewer = (await request.viewer())!;
      const user = await users.getProfile(viewer.id);
      if (!user) throw new AppError('UNAUTHORIZED', 'Unauthorized');
      return user;
    },
  );

  app.get(
    '/all',
    {
      onRequest: app.requireAdmin,
      schema: { tags: ['users'], response: { 200: userListSchema, ...errors } },
    },
    async () => users.listUsers(),
  );
}
