import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '@catalogue/shared/errors';
import { errorBody, messageBody } from '@catalogue/shared/schemas/common';
import {
  changePasswordBodySchema,
  forgotPasswordBodySchema,
  loginBodySchema,
  loginResponseSchema,
  publicUserSchema,
  registerBodySchema,
  resetPasswordBodySchema,
  setRoleBodySchema,
  setStatusBodySchema,
  updateProfileBodySchema,
  userListItemResponseSchema,
  userListSchema,
  userResponseSchema,
  verifyEmailBodySchema,
} from '@catalogue/shared/schemas/user';
import { bearerToken, isSecureRequest, sessionCookieHeader } from '../../plugins/auth.ts';
import { FORGOT_PASSWORD_MESSAGE } from './users.service.ts';

const errors = {
  400: errorBody,
  401: errorBody,
  403: errorBody,
  404: errorBody,
  409: errorBody,
  429: errorBody,
};
const idParams = z.object({ id: z.string() });

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
  const { SITE_URL } = app.services.env;
  // Secure on an HTTPS site, or a request that came over HTTPS through a trusted proxy.
  const isSecure = (request: FastifyRequest) => isSecureRequest(request, SITE_URL);

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
      setSessionCookie(reply, token, maxAgeSeconds, isSecure(request));
      return { message: 'Login successful', token, user };
    },
  );

  app.post(
    '/logout',
    {
      // Before the body is read, so a caller without a session learns nothing from a bad body;
      // a stale cookie is cleared even when the token is no longer valid.
      onRequest: async (request, reply) => {
        clearSessionCookie(reply, isSecure(request));
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

  app.post(
    '/forgot-password',
    {
      schema: { tags: ['users'], body: forgotPasswordBodySchema, response: { 200: messageBody, ...errors } },
    },
    async (request, reply) => {
      await app.enforceRateLimit(reply, 'forgotPassword', { ip: request.ip, email: request.body.email });
      await users.requestPasswordReset(request.body.email);
      return { message: FORGOT_PASSWORD_MESSAGE };
    },
  );

  app.post(
    '/reset-password',
    {
      schema: { tags: ['users'], body: resetPasswordBodySchema, response: { 200: messageBody, ...errors } },
    },
    async (request, reply) => {
      await app.enforceRateLimit(reply, 'resetPassword', { ip: request.ip });
      await users.resetPassword(request.body.token, request.body.password);
      return { message: 'Your password has been changed. Please sign in with the new one.' };
    },
  );

  app.post(
    '/verify-email',
    { schema: { tags: ['users'], body: verifyEmailBodySchema, response: { 200: messageBody, ...errors } } },
    async (request, reply) => {
      await app.enforceRateLimit(reply, 'verifyEmail', { ip: request.ip });
      await users.verifyEmail(request.body.token);
      return { message: 'Your e-mail address is verified' };
    },
  );

  app.post(
    '/verify-email/resend',
    { onRequest: app.requireUser, schema: { tags: ['users'], response: { 200: messageBody, ...errors } } },
    async (request, reply) => {
      const viewer = (await request.viewer())!;
      await app.enforceRateLimit(reply, 'verifyResend', { account: viewer.id });
      const isSent = await users.resendVerification(viewer.id);
      return {
        message: isSent
          ? 'We have sent you a new verification link'
          : 'Your e-mail address is verified already',
      };
    },
  );

  app.put(
    '/me',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['users'],
        body: updateProfileBodySchema,
        response: { 200: userResponseSchema, ...errors },
      },
    },
    async (request) => {
      const viewer = (await request.viewer())!;
      return { user: await users.updateProfile(viewer.id, request.body) };
    },
  );

  app.put(
    '/me/password',
    {
      onRequest: app.requireUser,
      schema: { tags: ['users'], body: changePasswordBodySchema, response: { 200: messageBody, ...errors } },
    },
    async (request, reply) => {
      const viewer = (await request.viewer())!;
      // Limited like login: every try counts, so a stolen session cannot guess the password.
      await app.enforceRateLimit(reply, 'changePassword', { account: viewer.id });
      await users.changePassword(viewer.id, bearerToken(request)!, request.body);
      return { message: 'Your password has been changed. Other sessions have been signed out.' };
    },
  );

  app.post(
    '/logout-all',
    {
      onRequest: async (request, reply) => {
        if (!(await request.viewer())) throw new AppError('UNAUTHORIZED', 'Unauthorized');
        clearSessionCookie(reply, isSecure(request));
      },
      schema: { tags: ['users'], response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      const viewer = (await request.viewer())!;
      await users.logoutEverywhere(viewer.id);
      return reply.status(204).send(null);
    },
  );

  app.put(
    '/:id/status',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['users'],
        params: idParams,
        body: setStatusBodySchema,
        response: { 200: userListItemResponseSchema, ...errors },
      },
    },
    async (request) => {
      const viewer = (await request.viewer())!;
      return { user: await users.setStatus(viewer.id, request.params.id, request.body) };
    },
  );

  app.put(
    '/:id/role',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['users'],
        params: idParams,
        body: setRoleBodySchema,
        response: { 200: userListItemResponseSchema, ...errors },
      },
    },
    async (request) => {
      const viewer = (await request.viewer())!;
      return { user: await users.setRole(viewer.id, request.params.id, request.body.role) };
    },
  );
}
