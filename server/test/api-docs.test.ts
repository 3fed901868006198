import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ALL_ENDPOINTS, API_BASE, REALTIME_PATH } from '@dms/contract';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const doc = fs.readFileSync(path.join(root, 'docs/api.md'), 'utf8');
/** Every Markdown file a reader meets: the README and docs/. */
const markdown = [
  'README.md',
  ...fs
    .readdirSync(path.join(root, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];

/** Every `METHOD /path` the API doc names in code spans (e.g. `GET /devices/:boxId/:controller`). */
function documentedCalls(text: string): Set<string> {
  const calls = new Set<string>();
  for (const match of text.matchAll(/`(GET|POST|PUT|PATCH|DELETE) (\/[^`\s?]*)/g)) calls.add(`${match[1]} ${match[2]}`);
  return calls;
}

describe('docs/api.md', () => {
  const documented = documentedCalls(doc);
  const declared = new Set(ALL_ENDPOINTS.map(({ endpoint: e }) => `${e.method} ${e.path}`));

  it('documents every endpoint descriptor', () => {
    expect([...declared].filter((call) => !documented.has(call))).toEqual([]);
  });

  it('names no call that the contract does not declare', () => {
    // The live-push WebSocket is documented too; its messages are typed in the contract's realtime map instead.
    const websocket = `GET ${REALTIME_PATH}`;
    expect([...documented].filter((call) => !declared.has(call) && call !== websocket)).toEqual([]);
  });
});

describe('every /api/v2 path the README and docs/ name', () => {
  /** A declared path as a pattern: each `:param` stands for one segment (written `{param}` or as a value in prose). */
  const patterns = [...ALL_ENDPOINTS.map(({ endpoint: e }) => e.path), REALTIME_PATH.replace(API_BASE, '')].map(
    (p) => new RegExp(`^${p.replace(/:[A-Za-z]+/g, '[^/]+')}$`),
  );

  it.each(markdown)('%s names only paths the server routes', (file) => {
    const text = fs.readFileSync(path.join(root, file), 'utf8');
    const named = [...text.matchAll(/\/api\/v2(\/[A-Za-z0-9_:{}./-]*[A-Za-z0-9_}])/g)].map((m) => m[1] ?? '');
    expect(named.filter((p) => !patterns.some((re) => re.test(p)))).toEqual([]);
  });
});
