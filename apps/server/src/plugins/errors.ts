import { AppError, errorEntry, isErrorCode, type ErrorCode, type ErrorFields } from '@sweepstack/contracts/errors';
import type { ErrorResponse } from '@sweepstack/contracts/envelope';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';

/** Builds the error body every endpoint answers with. */
export function errorBody(code: ErrorCode, message?: string, fields?: ErrorFields): ErrorResponse {
  const entry = errorEntry(code);
  return {
    success: false,
    error: {
      code,
      message: message ?? entry.message,
      messageKey: entry.messageKey,
      ...(fields && Object.keys(fields).length > 0 ? { fields } : {}),
    },
  };
}

export function sendError(reply: FastifyReply, code: ErrorCode, message?: string, fields?: ErrorFields): FastifyReply {
  return reply.status(errorEntry(code).status).send(errorBody(code, message, fields));
}

function fieldsFromIssues(issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string; code?: string; keys?: string[] }>, prefix?: string): ErrorFields {
  const fields: ErrorFields = {};
  for (const issue of issues) {
    const parts = [prefix, ...issue.path.map(String)].filter((p): p is string => !!p);
    if (issue.code === 'unrecognized_keys' && issue.keys) {
      for (const key of issue.keys) fields[[...parts, key].join('.')] = 'Unknown field';
      continue;
    }
    const key = parts.join('.') || '_';
    fields[key] ??= issue.message;
  }
  return fields;
}

interface CodedError {
  code: string;
  fields?: Record<string, string> | undefined;
  message: string;
  name?: string;
}

function isDomainError(error: unknown): error is CodedError {
  return error instanceof Error && error.name === 'DomainError' && typeof (error as { code?: unknown }).code === 'string';
}

/**
 * The one error handler: maps every failure to `{ success: false, error: { code, message, fields } }`.
 * Expected failures keep their status; anything else is a bug, logged with its stack and answered 500.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) {
      return sendError(reply, error.code, error.message, error.fields);
    }
    if (isDomainError(error)) {
      if (isErrorCode(error.code)) return sendError(reply, error.code, undefined, error.fields);
      request.log.error({ err: error }, 'domain error with a code missing from the catalogue');
      return sendError(reply, 'INTERNAL_ERROR');
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const context = (error as FastifyError).validationContext;
      const fields = fieldsFromIssues(
        error.validation.map((v) => {
          // fastify-type-provider-zod 7 spreads the issue into params (minus path, code, message);
          // older versions nest it as params.issue. Read both.
          const params = v.params as { issue?: { path: PropertyKey[]; message: string; code?: string; keys?: string[] }; keys?: string[] };
          if (params.issue) return { path: params.issue.path, message: params.issue.message, code: params.issue.code, keys: params.issue.keys };
          const path = v.instancePath.split('/').filter((p) => p !== '');
          return { path, message: v.message ?? 'Invalid value', code: v.keyword, keys: params.keys };
        }),
        context === 'body' ? undefined : context,
      );
      return sendError(reply, 'VALIDATION_FAILED', undefined, fields);
    }
    if (error instanceof ZodError) {
      return sendError(reply, 'VALIDATION_FAILED', undefined, fieldsFromIssues(error.issues));
    }
    const fastifyError = error as FastifyError;
    switch (fastifyError.code) {
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      case 'FST_ERR_CTP_EMPTY_TYPE':
      case 'FST_ERR_CTP_INVALID_TYPE':
        return sendError(reply, 'MALFORMED_REQUEST');
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
      case 'FST_REQ_FILE_TOO_LARGE':
      case 'FST_FILES_LIMIT':
      case 'FST_PARTS_LIMIT':
        return sendError(reply, 'PAYLOAD_TOO_LARGE');
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
        return sendError(reply, 'UNSUPPORTED_MEDIA_TYPE');
      default:
        break;
    }
    if (fastifyError.statusCode === 429) return sendError(reply, 'RATE_LIMITED');
    if (fastifyError.statusCode === 400 || (error instanceof SyntaxError && fastifyError.statusCode === undefined)) {
      return sendError(reply, 'MALFORMED_REQUEST');
    }
    if (fastifyError.statusCode === 413) return sendError(reply, 'PAYLOAD_TOO_LARGE');
    if (fastifyError.statusCode === 415) return sendError(reply, 'UNSUPPORTED_MEDIA_TYPE');
    request.log.error({ err: error }, 'unhandled error');
    return sendError(reply, 'INTERNAL_ERROR');
  });
}
