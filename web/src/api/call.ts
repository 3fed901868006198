import { fillPath, type CallInput, type DataOf, type EndpointSpec, type InputRequired } from '@dms/contract';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { request, type QueryValue, type RequestOptions } from './client';
import { downloadFile } from './download';

/** How one call is made and its failures shown (the request layer's policy), beside its input. */
export type CallOptions = Pick<
  RequestOptions,
  'errorDisplay' | 'quiet' | 'onConfirm' | 'successCodes' | 'timeoutMs' | 'signal' | 'onProgress'
>;

export type CallArgs<E extends EndpointSpec> =
  InputRequired<E> extends true ? [input: CallInput<E>, options?: CallOptions] : [input?: CallInput<E>, options?: CallOptions];

/** An input as it is sent: the endpoint's schemas typed it where `call` was written. */
interface SentInput {
  params?: Record<string, string | number>;
  query?: Record<string, QueryValue | readonly (string | number)[]>;
  body?: unknown;
}

/** A query as the URL carries it: a list (register numbers) as comma-separated values, an empty list left out. */
function queryOf(query: NonNullable<SentInput['query']>): Record<string, QueryValue> {
  const sent: Record<string, QueryValue> = {};
  for (const [key, value] of Object.entries(query)) sent[key] = isList(value) ? (value.length > 0 ? value.join(',') : undefined) : value;
  return sent;
}

function isList(value: QueryValue | readonly (string | number)[]): value is readonly (string | number)[] {
  return Array.isArray(value);
}

function send(endpoint: EndpointSpec, input: SentInput = {}, options: CallOptions = {}): Promise<unknown> {
  const path = fillPath(endpoint.path, input.params);
  if (endpoint.response === 'file') return downloadFile(path, options.signal);
  const schema = endpoint.response === 'status' ? z.unknown() : endpoint.response;
  return request(
    {
      ...options,
      // A call whose success is another code (the top bar's 1000) is still a success.
      ...(endpoint.successCode !== undefined ? { successCodes: [endpoint.successCode] } : {}),
      method: endpoint.method,
      path,
      ...(input.query ? { query: queryOf(input.query) } : {}),
      ...(input.body !== undefined ? { body: input.body } : {}),
    },
    schema,
  );
}

/**
 * The query of a call as the console sends it (the schema's input, before the server parses it); the contract's
 * `QueryOf` is the parsed query a handler receives.
 */
export type CallQuery<E extends EndpointSpec> = NonNullable<CallInput<E>['query']>;

/**
 * The one way the console calls the server: an endpoint of the contract (`api.devices.list`) with its path
 * parameters, query and body, typed from its schemas; answers the endpoint's data, checked against its schema,
 * or the file of a download. Failures follow the request layer's policy (spec 8).
 */
export function call<E extends EndpointSpec>(endpoint: E, ...[input, options]: CallArgs<E>): Promise<DataOf<E>> {
  return send(endpoint, input as SentInput | undefined, options) as Promise<DataOf<E>>;
}

/** The cache key of an endpoint's answers: every input of it shares the prefix `[method, path]`. */
export function endpointKey(endpoint: EndpointSpec): readonly [string, string] {
  return [endpoint.method, endpoint.path];
}

/**
 * A cached read of an endpoint (TanStack Query): keyed by the endpoint and its input, loaded with `call`,
 * cancelled with the query. Live events patch or invalidate it by the same key.
 */
export function endpointQuery<E extends EndpointSpec>(endpoint: E, ...[input, options]: CallArgs<E>) {
  return queryOptions({
    queryKey: [...endpointKey(endpoint), input ?? {}] as const,
    queryFn: ({ signal }) => send(endpoint, input as SentInput | undefined, { ...options, signal }) as Promise<DataOf<E>>,
  });
}
