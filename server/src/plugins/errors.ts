import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { Code, httpStatus, isMessageKey, message, pickLanguage, type CodeValue, type Language, type MessageKey } from '@dms/contract';
import type { ConnectionError, FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../errors.js';
import { SECURITY_HEADERS } from './security-headers.js';

interface Issue {
  path: string;
  message: string;
}

/** What one kind of failure answers: its contract code (which gives the HTTP status) and its message. */
interface Answer {
  code: CodeValue;
  key: MessageKey;
}

/** Zod issue messages are message keys (contract validation.ts); anything else becomes "invalid value for {field}". */
function translateIssue(lang: Language, path: string, raw: string): Issue {
  const text = isMessageKey(raw) ? message(lang, raw, { field: path }) : message(lang, 'validation.invalid', { field: path || 'input' });
  return { path, message: text };
}

/** The malformed-request answer: code 40001 like any bad input, with its one problem as the issue list. */
const malformed = (key: MessageKey): Answer => ({ code: Code.VALIDATION_FAILED, key });

/** Fastify's own client errors (FST_ERR_*), each with its translated answer. */
const FASTIFY_ERRORS: Readonly<Record<string, Answer>> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { code: Code.PAYLOAD_TOO_LARGE, key: 'error.payloadTooLarge' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { code: Code.UNSUPPORTED_MEDIA_TYPE, key: 'error.unsupportedMediaType' },
  FST_ERR_CTP_INVALID_JSON_BODY: malformed('error.badJson'),
  FST_ERR_CTP_EMPTY_JSON_BODY: malformed('error.emptyBody'),
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: malformed('error.badRequest'),
  FST_ERR_BAD_URL: malformed('error.badUrl'),
  FST_ERR_INVALID_URL: malformed('error.badUrl'),
  FST_ERR_MAX_PARAM_LENGTH: { code: Code.URI_TOO_LONG, key: 'error.uriTooLong' },
};

/** Any other client error, by its HTTP status (a plugin's or Node's); the rest of 4xx is a malformed request. */
const STATUS_ANSWERS: Readonly<Record<number, Answer>> = {
  401: { code: Code.TOKEN_ILLEGAL, key: 'error.tokenIllegal' },
  403: { code: Code.FORBIDDEN, key: 'error.forbidden' },
  404: { code: Code.NOT_FOUND, key: 'error.notFound' },
  408: { code: Code.REQUEST_TIMEOUT, key: 'error.requestTimeout' },
  413: { code: Code.PAYLOAD_TOO_LARGE, key: 'error.payloadTooLarge' },
  414: { code: Code.URI_TOO_LONG, key: 'error.uriTooLong' },
  415: { code: Code.UNSUPPORTED_MEDIA_TYPE, key: 'error.unsupportedMediaType' },
  431: { code: Code.HEADERS_TOO_LARGE, key: 'error.headersTooLarge' },
};

/** The answer of an error that is neither an AppError nor a validation error: a 5xx says nothing of itself. */
function answerOf(error: { code?: string; statusCode?: number }): Answer {
  if ((error.statusCode ?? 500) >= 500) return { code: Code.INTERNAL_ERROR, key: 'error.internal' };
  return (
    (error.code !== undefined ? FASTIFY_ERRORS[error.code] : undefined) ??
    STATUS_ANSWERS[error.statusCode ?? 400] ??
    malformed('error.badRequest')
  );
}

/** The envelope of an answer; a malformed request's message is also its one issue, as validation answers list theirs. */
function envelopeOf(lang: Language, answer: Answer): { code: CodeValue; message: string; data?: unknown } {
  const text = message(lang, answer.key);
  return answer.code === Code.VALIDATION_FAILED
    ? { code: answer.code, message: text, data: { issues: [{ path: '', message: text }] } }
    : { code: answer.code, message: text };
}

function send(reply: FastifyReply, code: CodeValue, text: string, data?: unknown) {
  return reply.status(httpStatus[code]).send({ code, message: text, ...(data === undefined ? {} : { data }) });
}

/** The HTTP status and the fastify code (FST_ERR_*) an error of fastify or a plugin carries. */
function fieldsOf(error: Error): { statusCode?: number; code?: string } {
  const { statusCode, code } = error as { statusCode?: unknown; code?: unknown };
  return {
    ...(typeof statusCode === 'number' ? { statusCode } : {}),
    ...(typeof code === 'string' ? { code } : {}),
  };
}

/** `data.retryAfterSeconds` of a refusal, when it has one. */
function retryAfterOf(data: unknown): number | undefined {
  if (typeof data !== 'object' || data === null || !('retryAfterSeconds' in data)) return undefined;
  return typeof data.retryAfterSeconds === 'number' ? data.retryAfterSeconds : undefined;
}

const isApi = (url: string) => url === '/api' || url.startsWith('/api/');

/** Whether a payload already is an envelope (`{ code: number, message: string, ... }`). */
function isEnvelope(payload: string): boolean {
  try {
    const parsed: unknown = JSON.parse(payload);
    return typeof parsed === 'object' && parsed !== null && 'code' in parsed && typeof parsed.code === 'number' && 'message' in parsed;
  } catch {
    return false;
  }
}

/**
 * The one error handler: every error answer of /api is the envelope `{ code, message, data? }`, translated, with no
 * internals on 5xx, and carries helmet's headers (registered as the first onRequest hook). What reaches it:
 * AppErrors of the services, validation errors, fastify's own errors (body parser, content type), anything else (500).
 * An answer that a plugin sent with an error status and no envelope (an empty 403 of a broker hook, a 404 of the
 * WebSocket path without an upgrade) gets one in `onSend`. The router's own errors and Node's refusals never reach
 * a hook: `frameworkErrors` and `clientErrorHandler` below (options of Fastify, server/src/app.ts) answer them.
 */
export default fp(
  (app) => {
    app.setErrorHandler(async (error: Error, request: FastifyRequest, reply: FastifyReply) => {
      const lang = request.lang;
      if (error instanceof AppError) {
        // A refusal that says when to come back (429 / 42900) says it in the Retry-After header too.
        const retry = retryAfterOf(error.data);
        if (retry !== undefined) void reply.header('retry-after', String(retry));
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
      const fields = fieldsOf(error);
      const status = fields.statusCode ?? 500;
      if (status >= 400 && status < 500) {
        const answer = envelopeOf(lang, answerOf(fields));
        return send(reply, answer.code, answer.message, answer.data);
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

    app.addHook('onSend', async (request, reply, payload) => {
      if (reply.statusCode < 400 || !isApi(request.url)) return payload;
      if (payload !== undefined && payload !== null && payload !== '') {
        const text = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : null;
        // A stream (a file) is left as it is; text that is already an envelope too.
        if (text === null || isEnvelope(text)) return payload;
      }
      const answer = envelopeOf(request.lang, answerOf({ statusCode: reply.statusCode }));
      reply.status(httpStatus[answer.code]).header('content-type', 'application/json; charset=utf-8');
      return JSON.stringify(answer);
    });
  },
  { name: 'errors' },
);

/**
 * The router's own errors (a URL that does not decode, a path segment over `maxParamLength`): fastify calls this
 * before any hook, so the language and helmet's headers are set here.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const lang = pickLanguage(request.headers['accept-language']);
  const answer = envelopeOf(lang, answerOf(error));
  void reply.headers(SECURITY_HEADERS).status(httpStatus[answer.code]).type('application/json; charset=utf-8').send(JSON.stringify(answer));
}

/** The Accept-Language of what Node read of a request it refused (the headers before the fault), if any. */
function languageOfRaw(raw: unknown): Language {
  if (!Buffer.isBuffer(raw)) return pickLanguage(undefined);
  const head = raw.subarray(0, 65_536).toString('latin1');
  return pickLanguage(/\r\naccept-language:[ \t]*([^\r\n]*)/i.exec(head)?.[1]);
}

/** Node's refusals before fastify sees a request, by its parser's error code. */
function connectionAnswer(code: string): Answer {
  if (code === 'HPE_HEADER_OVERFLOW') return { code: Code.HEADERS_TOO_LARGE, key: 'error.headersTooLarge' };
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return { code: Code.REQUEST_TIMEOUT, key: 'error.requestTimeout' };
  return malformed('error.badRequest');
}

/**
 * What Node's HTTP parser refuses (headers over 16 KiB, which includes a URL that long; a request line or header
 * that does not parse; a request that does not arrive in time): answered on the socket itself, as the envelope with
 * helmet's headers, in the language of the request's Accept-Language when Node read it before the fault. The
 * connection is closed afterwards.
 */
export function clientErrorHandler(error: ConnectionError, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const answer = envelopeOf(languageOfRaw((error as { rawPacket?: unknown }).rawPacket), connectionAnswer(error.code));
  const status = httpStatus[answer.code];
  const body = JSON.stringify(answer);
  const headers: Record<string, string> = {
    ...SECURITY_HEADERS,
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(body)),
    connection: 'close',
  };
  const head = Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Error'}\r\n${head}\r\n${body}`);
  // A peer that never reads does not keep the socket.
  setTimeout(() => socket.destroy(), 5000).unref();
}
