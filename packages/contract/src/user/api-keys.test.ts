import { describe, expect, it } from 'vitest';
import { API_SCOPES, type ApiScope } from '../endpoint.js';
import { ALL_ENDPOINTS } from '../endpoints.js';

/** The areas an API key may reach at all: the fleet's devices and their events. Never people, templates or root's. */
const KEY_AREAS: readonly string[] = ['devices', 'events'];
/** What each scope covers: reading answers (GET, and starting an export of what one reads), or writing a register. */
const COVERS: Record<ApiScope, (method: string, path: string) => boolean> = {
  'devices:read': (method, path) => method === 'GET' || (method === 'POST' && path === '/exports'),
  'devices:write': (method, path) => method === 'POST' && path.endsWith('/registers/:register'),
  'events:read': (method) => method === 'GET',
};

describe('API key scopes of the endpoint descriptors (issue 27)', () => {
  const scoped = ALL_ENDPOINTS.filter(({ endpoint: e }) => e.scope !== undefined);

  it.each(ALL_ENDPOINTS.map(({ name, endpoint: e }) => [name, e] as const))('%s: a scope only where a key belongs', (_name, e) => {
    if (e.scope === undefined) return;
    expect(KEY_AREAS).toContain(e.access);
    expect(COVERS[e.scope](e.method, e.path)).toBe(true);
  });

  it('gives every scope some calls, and none to user management, templates, accounts or root', () => {
    for (const scope of API_SCOPES) expect(scoped.some(({ endpoint: e }) => e.scope === scope)).toBe(true);
    const names = scoped.map(({ name }) => name);
    for (const area of [
      'user.',
      'usermanager.',
      'permissionTemplates.',
      'controllerTypes.',
      'tools.',
      'smartbox.',
      'scripts.',
      'boxRegInfo.',
    ]) {
      expect(names.filter((n) => n.startsWith(area))).toEqual([]);
    }
  });

  it('lets a key read values, history and exports, write registers, and read fault records and rule events', () => {
    const scopeOf = (path: string, method = 'GET') =>
      ALL_ENDPOINTS.find(({ endpoint: e }) => e.path === path && e.method === method)?.endpoint.scope;
    expect(scopeOf('/devices')).toBe('devices:read');
    expect(scopeOf('/history/:boxId/:controller')).toBe('devices:read');
    expect(scopeOf('/exports', 'POST')).toBe('devices:read');
    expect(scopeOf('/devices/:boxId/:controller/registers/:register', 'POST')).toBe('devices:write');
    expect(scopeOf('/history/fault-records')).toBe('events:read');
    expect(scopeOf('/events/log')).toBe('events:read');
    expect(scopeOf('/devices/:boxId/:controller', 'PATCH')).toBeUndefined();
  });
});
