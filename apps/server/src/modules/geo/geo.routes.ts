import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LOCALES } from '@catalogue/shared/domain/locales';

export const geoResponseSchema = z.object({
  country: z.string(),
  locale: z.enum(LOCALES),
  language: z.enum(['en', 'fr']),
});

/** `GET /api/geo` → `{country, locale, language}` for the visitor. */
export async function geoRoutes(app: FastifyInstance) {
  const geo = app.services.geo;
  const countryHeader = app.services.env.GEO_COUNTRY_HEADER;

  app
    .withTypeProvider<ZodTypeProvider>()
    .get('/', { schema: { tags: ['geo'], response: { 200: geoResponseSchema } } }, async (request, reply) => {
      // The answer depends on who asks: never cached by a shared cache.
      reply
        .header('cache-control', 'private, no-store')
        .header('vary', countryHeader ? `accept-language, ${countryHeader}` : 'accept-language');
      return geo.locate({ header: (name) => request.headers[name], ip: request.ip });
    });
}
