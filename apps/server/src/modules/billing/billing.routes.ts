import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema, billingRedirectSchema, checkoutRequestSchema } from '@korrigo/domain';
import { linkBaseUrl, type LinkBase } from '../../platform/origins';
import { signedInUser } from '../../platform/session';
import type { BillingService } from './billing.service';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  502: apiErrorSchema,
  503: apiErrorSchema,
};

export const billingRoutes =
  (service: BillingService, links: LinkBase): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/billing/checkout',
      {
        preHandler: app.authenticate,
        schema: {
          tags: ['billing'],
          body: checkoutRequestSchema,
          response: { 200: billingRedirectSchema, ...errors },
        },
      },
      async (request) =>
        service.checkout(signedInUser(request).userId, request.body, linkBaseUrl(request, links)),
    );

    app.post(
      '/api/billing/portal',
      {
        preHandler: app.authenticate,
        schema: { tags: ['billing'], response: { 200: billingRedirectSchema, ...errors } },
      },
      async (request) => service.portal(signedInUser(request).userId, linkBaseUrl(request, links)),
    );

    // The provider's events: no session (the signature over the raw body is the check) and no Origin header
    // (the origin check lets such requests pass). Their own context, so that only here JSON stays raw bytes.
    await app.register(async (webhook) => {
      webhook.removeContentTypeParser('application/json');
      webhook.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
        done(null, body),
      );
      webhook.post(
        '/api/billing/webhook',
        {
          schema: {
            tags: ['billing'],
            hide: true,
            headers: z.object({ 'stripe-signature': z.string().optional() }),
            response: {
              200: z.object({ received: z.literal(true) }),
              400: apiErrorSchema,
              404: apiErrorSchema,
              502: apiErrorSchema,
            },
          },
        },
        async (request) => {
          const signature = request.headers['stripe-signature'];
          return service.handleEvent(
            Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
            Array.isArray(signature) ? signature[0] : signature,
          );
        },
      );
    });
  };
