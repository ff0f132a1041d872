import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBody } from '@catalogue/shared/schemas/common';
import {
  businessSettingsAnswerSchema,
  businessSettingsSchema,
} from '@catalogue/shared/schemas/business-settings';

/**
 * `/api/admin/business-settings`: the business's GSTIN, IEC, LUT acknowledgement number and bank
 * details (printed on proforma invoices). Admins only, never stored by a cache.
 */
export async function businessSettingsRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { businessSettings } = app.services;
  const tags = ['settings'];

  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get(
    '/business-settings',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags,
        summary: "The business's GSTIN, IEC, LUT number and bank details (null before they are saved)",
        response: { 200: businessSettingsAnswerSchema, 401: errorBody, 403: errorBody },
      },
    },
    async () => businessSettings.read(),
  );

  app.put(
    '/business-settings',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags,
        summary:
          'Save {gstin, iec, lutArn?, bank:{name, accountName, accountNumber, ifsc, swift, branch?}}; a wrong format → 400 naming the field',
        body: businessSettingsSchema,
        response: { 200: businessSettingsAnswerSchema, 400: errorBody, 401: errorBody, 403: errorBody },
      },
    },
    async (request) => businessSettings.save(request.body),
  );
}
