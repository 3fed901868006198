import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ALL_ENDPOINTS, REALTIME_PATH } from '@dms/contract';
import { describe, expect, it } from 'vitest';

const doc = fs.readFileSync(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../docs/api.md'), 'utf8');

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
