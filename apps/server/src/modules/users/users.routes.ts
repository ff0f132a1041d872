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
import { bearerToken, SESSION_COOKIE } from '../../plugins/auth.ts';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 409: errorBody, 429: errorBody };

/**
 * The page-rendering cookie carries the same token as the Bearer header. HttpOnly keeps it away
 * from scripts; SameSite=Lax keeps it off cross-site posts; /api never reads it.
 */
function setSessionCookie(reply: FastifyReply, token: string, maxAgeSeconds: number, isSecure: boolean) {
  reply.header(
    'set-cookie',
    `${SESSION_COOKIE}=${token}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAgeSeconds}${isSecure ? '; Secure' : ''}`,
  );
}

function clearSessionCookie(reply: FastifyReply, isSecure: boolean) {
  reply.header(
    'set-cookie',
    `${SESSION_COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0${isSecure ? '; Secure' : ''}`,
  );
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
    { schema: { tags: ['users'], response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      // A stale cookie is cleared even when the token is no longer valid.
      clearSessionCookie(reply, isSecure);
      const token = bearerToken(request);
      if (!token || !(await request.viewer())) throw new AppError('UNAUTHORIZED', 'Unauthorized');
      await users.logout(token);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/me',
    {
      preHandler: app.requireUser,
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
      preHandler: app.requireAdmin,
      schema: { tags: ['users'], response: { 200: userListSchema, ...errors } },
    },
    async () => users.listUsers(),
  );
}
