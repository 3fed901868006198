import { API_BASE, Code, type EndpointSpec } from '@dms/contract';
import { vi } from 'vitest';

/** A request as the console sent it: method, path under the API base, query and JSON body. */
export interface SentRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
}

/** What an endpoint answers: its data (a success envelope), or a refusal with the server's message. */
export type Answer = { data: unknown } | { status: number; code: number; message: string };

interface Route {
  method: string;
  pattern: RegExp;
  answer: (sent: SentRequest) => Answer;
}

function patternOf(path: string): RegExp {
  const escaped = path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z_]\w*/g, '[^/]+');
  return new RegExp(`^${escaped}$`);
}

/**
 * The server as a component test sees it: global fetch replaced by answers per endpoint of the contract, every
 * request recorded. A request no endpoint answers fails with 404 (and is recorded), so the test sees it.
 */
export function stubApi() {
  const routes: Route[] = [];
  const sent: SentRequest[] = [];
  const fetchStub = vi.fn((input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://console.test');
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const request: SentRequest = {
      method: init?.method ?? 'GET',
      path: url.pathname.startsWith(API_BASE) ? url.pathname.slice(API_BASE.length) : url.pathname,
      query: Object.fromEntries(url.searchParams),
      body,
    };
    sent.push(request);
    const route = routes.find((r) => r.method === request.method && r.pattern.test(request.path));
    const answer: Answer = route ? route.answer(request) : { status: 404, code: 40400, message: `no answer for ${request.path}` };
    const envelope =
      'data' in answer ? { code: Code.SUCCESS, message: 'ok', data: answer.data } : { code: answer.code, message: answer.message };
    const status = 'data' in answer ? 200 : answer.status;
    return Promise.resolve(new Response(JSON.stringify(envelope), { status, headers: { 'content-type': 'application/json' } }));
  });
  vi.stubGlobal('fetch', fetchStub);
  return {
    /** Every request sent so far. */
    sent,
    /** The requests sent to one endpoint. */
    sentTo: (endpoint: EndpointSpec) => sent.filter((s) => s.method === endpoint.method && patternOf(endpoint.path).test(s.path)),
    /** Answers an endpoint (the last answer given for it wins). */
    on(endpoint: EndpointSpec, answer: Answer | ((sent: SentRequest) => Answer)) {
      routes.unshift({
        method: endpoint.method,
        pattern: patternOf(endpoint.path),
        answer: typeof answer === 'function' ? answer : () => answer,
      });
    },
  };
}
