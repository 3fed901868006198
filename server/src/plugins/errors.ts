import { Code, httpStatus, isMessageKey, message, type Language } from '@dms/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../errors.js';

interface Issue {
  path: string;
  message: string;
}

/** Zod issue messages are message keys (contract validation.ts); anything else becomes "invalid value for {field}". */
function translateIssue(lang: Language, path: string, raw: string): Issue {
  const text = isMessageKey(raw) ? message(lang, raw, { field: path }) : message(lang, 'validation.invalid', { field: path || 'input' });
  return { path, message: text };
}

function send(reply: FastifyReply, code: (typeof Code)[keyof typeof Code], text: string, data?: unknown) {
  return reply.status(httpStatus[code]).send({ code, message: text, ...(data === undefined ? {} : { data }) });
}

/** The one error handler: stable `{ code, message, data? }`, translated, no internals on 5xx. */
export default fp(
  (app) => {
    app.setErrorHandler(async (error: Error & { statusCode?: number }, request: FastifyRequest, reply: FastifyReply) => {
      const lang = request.lang;
      if (error instanceof AppError) {
        return send(reply, error.code, message(lang, error.key, error.params), error.data);
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        const issues = error.validation.map((v) =>
          translateIssue(lang, v.instancePath.replace(/^\//, '').replaceAll('/', '.'), v.message ?? ''),
        );
        return send(reply, Code.VALIDATION_FAILED, issues[0]?.message ?? message(lang, 'validation.invalid', { field: 'input' }), {
          issues,
        });
      }
      const status = error.statusCode ?? 500;
      if (status === 413) return send(reply, Code.VALIDATION_FAILED, message(lang, 'error.payloadTooLarge'));
      if (status >= 400 && status < 500) {
        // Malformed JSON, wrong content type and the like: the client's fault, said plainly.
        return send(reply, Code.VALIDATION_FAILED, message(lang, 'validation.invalid', { field: 'body' }), {
          issues: [{ path: '', message: error.message }],
        });
      }
      request.log.error({ err: error, url: request.url, user: request.auth?.user.username }, 'request failed');
      // The operation log's module registers after this handler; an error before it is only logged.
      if (app.hasDecorator('datalog')) {
        await app.datalog.recordServerError(error, request.url, request.auth?.user.username ?? null).catch((logErr: unknown) => {
          request.log.error({ err: logErr }, 'could not store server error');
        });
      }
      return send(reply, Code.INTERNAL_ERROR, message(lang, 'error.internal'));
    });
  },
  { name: 'errors' },
);
