import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBody, messageBody } from '@catalogue/shared/schemas/common';
import { contactBodySchema } from '@catalogue/shared/schemas/contact';
import { honeypotGuard } from '../../lib/honeypot.ts';

const RECEIVED = { message: 'Message received' };

export async function contactRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { contact } = app.services;

  app.post(
    '/send',
    {
      preValidation: honeypotGuard('contact form', () => ({ status: 201, body: RECEIVED })),
      schema: {
        tags: ['contact'],
        body: contactBodySchema,
        response: { 201: messageBody, 400: errorBody, 429: errorBody },
      },
    },
    async (request, reply) => {
      await app.enforceRateLimit(reply, 'contact', { ip: request.ip, email: request.body.email });
      await contact.sendMessage(request.body);
      return reply.status(201).send(RECEIVED);
    },
  );
}
