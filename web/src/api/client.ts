import { API_BASE, REQUEST_TIMEOUT_MS, type Language } from '@dms/contract';
import type { z } from 'zod';
import { t } from '../i18n';
import { decideResponse, failureEffects, type DisplayOptions, type FailureKind } from './policy';

/** A failed call: the HTTP status (0 when there was no answer), the envelope's code (null without one) and the message to show. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly kind: FailureKind,
    readonly status: number,
    readonly code: number | null,
    message: string,
    /** The envelope's data (e.g. `issues` of a validation failure), when there was one. */
    readonly data?: unknown,
  ) {
    super(message);
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

/** What the client needs from the rest of the console. Set once at start-up (and by tests). */
export interface ClientHooks {
  /** Where the API lives: API_BASE in the browser, an absolute address in tests. */
  baseUrl: string;
  getToken(): string | undefined;
  getLanguage(): Language;
  /** The server says the session is gone (spec 8); the auth module decides what follows. */
  onLoggedOut(error: ApiError): void;
  /** A 20004 answer: show its message in a warning confirm box; its OK runs `onOk`, when given. */
  confirmWarning(message: string, onOk?: () => unknown): void;
  /** Show a failure message. */
  showError(message: string): void;
}

let hooks: ClientHooks = {
  baseUrl: API_BASE,
  getToken: () => undefined,
  getLanguage: () => 'en',
  onLoggedOut: () => undefined,
  confirmWarning: () => undefined,
  showError: () => undefined,
};

export function configureClient(next: Partial<ClientHooks>): void {
  hooks = { ...hooks, ...next };
}

export type QueryValue = string | number | boolean | undefined | null;

export interface RequestOptions extends DisplayOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Path under the API base, e.g. '/user/login'. */
  path: string;
  query?: Readonly<Record<string, QueryValue>>;
  /** Sent as JSON; a `Blob` is sent as the file's bytes (an upload), with its progress told to `onProgress`. */
  body?: unknown;
  /** An upload's progress: the bytes sent so far and all of them. */
  onProgress?: (sent: number, total: number) => void;
  /** Codes that count as success; 20000 unless a call says otherwise (the top bar's calls use 1000, spec 8). */
  successCodes?: readonly number[];
  /** Defaults to REQUEST_TIMEOUT_MS (spec 7). */
  timeoutMs?: number;
  signal?: AbortSignal;
}

function buildUrl(path: string, query: RequestOptions['query']): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const qs = params.toString();
  return `${hooks.baseUrl}${path}${qs ? `?${qs}` : ''}`;
}

function fail(error: ApiError, options: RequestOptions): never {
  const effects = failureEffects(error.kind, options);
  if (effects.reportLoggedOut) hooks.onLoggedOut(error);
  if (effects.confirmWarning) hooks.confirmWarning(error.message, options.onConfirm);
  if (effects.showMessage && error.message) hooks.showError(error.message);
  throw error;
}

/** Sends a file's bytes (fetch tells no upload progress; XMLHttpRequest does): the answer's status and text. */
function sendFile(
  url: string,
  method: string,
  headers: Record<string, string>,
  file: Blob,
  signal: AbortSignal,
  onProgress: RequestOptions['onProgress'],
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    if (onProgress)
      xhr.upload.onprogress = (e) => {
        onProgress(e.loaded, e.lengthComputable ? e.total : file.size);
      };
    xhr.onload = () => {
      resolve({ status: xhr.status, text: xhr.responseText });
    };
    xhr.onerror = () => {
      reject(new Error('network'));
    };
    xhr.onabort = () => {
      reject(new Error('aborted'));
    };
    signal.addEventListener(
      'abort',
      () => {
        xhr.abort();
      },
      { once: true },
    );
    xhr.send(file);
  });
}

/**
 * The one way the console calls the server: JSON over fetch with the bearer token and the console's language,
 * a timeout, the spec 8 policy for every answer, and the data checked against the contract's schema.
 */
export async function request<T>(options: RequestOptions, schema: z.ZodType<T>): Promise<T> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Accept-Language': hooks.getLanguage(),
  };
  const token = hooks.getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (options.body !== undefined && !(options.body instanceof Blob)) headers['Content-Type'] = 'application/json';

  const timeout = new AbortController();
  const timer = setTimeout(() => {
    timeout.abort();
  }, options.timeoutMs ?? REQUEST_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout.signal]) : timeout.signal;

  const upload = options.body instanceof Blob ? options.body : null;
  if (upload) headers['Content-Type'] = 'application/octet-stream';
  let response: { status: number; text: string };
  try {
    const url = buildUrl(options.path, options.query);
    const method = options.method ?? 'GET';
    if (upload) response = await sendFile(url, method, headers, upload, signal, options.onProgress);
    else {
      const answer = await fetch(url, {
        method,
        headers,
        body: options.body === undefined ? null : JSON.stringify(options.body),
        signal,
        credentials: 'same-origin',
      });
      response = { status: answer.status, text: await answer.text() };
    }
  } catch {
    if (options.signal?.aborted) return fail(new ApiError('aborted', 0, null, ''), options);
    const timedOut = timeout.signal.aborted;
    return fail(
      new ApiError(timedOut ? 'timeout' : 'network', 0, null, t(timedOut ? 'common.request.timeout' : 'common.request.network')),
      options,
    );
  } finally {
    clearTimeout(timer);
  }
  let body: unknown;
  try {
    body = response.text ? (JSON.parse(response.text) as unknown) : undefined;
  } catch {
    body = undefined;
  }

  const decision = decideResponse(response.status, body, options.successCodes);
  switch (decision.kind) {
    case 'success': {
      const parsed = schema.safeParse(decision.data);
      if (parsed.success) return parsed.data;
      return fail(
        new ApiError('invalidData', response.status, null, t('common.request.badResponse', { status: response.status })),
        options,
      );
    }
    case 'badResponse':
      return fail(
        new ApiError('badResponse', decision.status, null, t('common.request.badResponse', { status: decision.status })),
        options,
      );
    case 'loggedOut':
      return fail(new ApiError('loggedOut', decision.status, decision.code, decision.message), options);
    case 'warningConfirm':
      return fail(new ApiError('warningConfirm', decision.status, decision.code, decision.message), options);
    case 'rejected':
    case 'failed':
      return fail(new ApiError(decision.kind, decision.status, decision.code, decision.message, decision.data), options);
  }
}
