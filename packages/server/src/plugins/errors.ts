import { messageCode, messages } from '@puna/domain';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError, DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from '../lib/errors';

/** Turns a zod issue path and message into one sentence a person can act on. */
function describeValidation(error: FastifyError): { message: string; fields: Record<string, string> } {
  const fields: Record<string, string> = {};
  if (hasZodFastifySchemaValidationErrors(error)) {
    for (const issue of error.validation) {
      const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
      const key = field || '_';
      if (!fields[key]) fields[key] = humanMessage(issue.message ?? '', field, issue.keyword);
    }
  }
  const first = Object.values(fields)[0] ?? messages.requestInvalid;
  return { message: first, fields };
}

function humanMessage(message: string, field: string, code: string | undefined): string {
  if (code === 'unrecognized_keys')
    return `Unknown field in the request: ${message.replace(/^Unrecognized keys?: /, '')}.`;
  if (/^Invalid input: expected \w+, received undefined$/.test(message)) return `${field || 'A field'} is required.`;
  if (message.startsWith('Invalid input'))
    return `${field || 'A field'} is not valid (${message.replace(/^Invalid input: /, '')}).`;
  return message;
}

/**
 * `{ code }` when the sentence is one of the message catalog's (`@puna/domain` `messages`), else
 * nothing: clients translate by the code and show the sentence itself when there is none.
 */
function withCode(message: string): { code?: string } {
  const code = messageCode(message);
  return code ? { code } : {};
}

export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply
        .status(error.statusCode)
        .send({ Status: false, Error: error.message, ...withCode(error.message), ...error.extra });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const { message, fields } = describeValidation(error);
      return reply.status(400).send({ Status: false, Error: message, fields, ...withCode(message) });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response did not match its schema');
      return reply.status(500).send({ Status: false, Error: messages.serverError, code: 'serverError' });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply
        .status(503)
        .header('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS))
        .send({ Status: false, Error: messages.serviceUnavailable, code: 'serviceUnavailable' });
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.status(500).send({ Status: false, Error: messages.serverError, code: 'serverError' });
    }
    // Fastify's own 4xx (bad JSON, body too large, unsupported media type): its message is readable.
    return reply.status(status).send({ Status: false, Error: clientErrorMessage(error) });
  });
});

function clientErrorMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'The request is too large.';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Send the request as JSON (Content-Type: application/json).';
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'The request body is empty; send a JSON object.';
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return 'The request body is not valid JSON.';
    default:
      return error.message || 'The request is not valid.';
  }
}
