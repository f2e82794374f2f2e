import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { errorStatus, messages, type ApiError, type PlanId } from '@korrigo/domain';
import { isDatabaseUnavailable } from './db';

/**
 * The one error type (docs/conventions.md §4). Services throw it with a code from the status table and a
 * German message from the catalogue; the handler below turns it into the one error shape.
 */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: string,
    message: string,
    options: { status?: number; fields?: Record<string, string>; plan?: PlanId } = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.status = options.status ?? errorStatus[code as keyof typeof errorStatus] ?? 400;
    this.fields = options.fields;
    this.plan = options.plan;
  }
  readonly fields: Record<string, string> | undefined;
  /** a refusal by plan: the plan that has what was asked for (the web app links to it) */
  readonly plan: PlanId | undefined;
}

export const notFound = () => new AppError('not_found', messages.http.notFound);
export const unauthenticated = () => new AppError('unauthenticated', messages.auth.notSignedIn);
export const forbidden = () => new AppError('forbidden', messages.http.forbidden);

function body(code: string, message: string, fields?: Record<string, string>, plan?: PlanId): ApiError {
  return { error: { code, message, ...(fields ? { fields } : {}), ...(plan ? { plan } : {}) } };
}

export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.status).send(body(error.code, error.message, error.fields, error.plan));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const key = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
        fields[key || '_'] ??= issue.message ?? messages.http.validation;
      }
      return reply.status(400).send(body('validation', messages.http.validation, fields));
    }
    const status = error.statusCode ?? 500;
    if (status === 429) return reply.status(429).send(body('rate_limited', messages.http.rateLimited));
    if (status === 413 || error.code === 'FST_REQ_FILE_TOO_LARGE') {
      return reply.status(413).send(body('payload_too_large', messages.http.payloadTooLarge));
    }
    if (status >= 400 && status < 500) {
      // Malformed JSON, wrong content type and the like: the user's (or client's) mistake, never a 500.
      return reply.status(status).send(body('bad_request', messages.http.validation));
    }
    if (isDatabaseUnavailable(error)) {
      // a time limit of the database (issue 31): the request may be tried again, the process goes on
      request.log.warn({ err: error }, 'database did not answer in time');
      return reply.status(503).send(body('unavailable', messages.http.unavailable));
    }
    request.log.error({ err: error }, 'unhandled error');
    // 5xx bodies never echo internals.
    return reply.status(500).send(body('internal', messages.http.internal));
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send(body('not_found', messages.http.notFound));
  });
}
