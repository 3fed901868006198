import { api } from '@dms/contract';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { endpointKey } from './call';
import { invalidateEndpoints } from './invalidate';

describe('invalidateEndpoints', () => {
  it('marks every cached answer of the endpoints stale, whatever their input, and no other', async () => {
    const client = new QueryClient();
    const managers = (query: object) => [...endpointKey(api.usermanager.getManagers), query];
    const helpers = [...endpointKey(api.usermanager.getHelpers), {}];
    client.setQueryData(managers({ page: 1 }), { total: 0, items: [] });
    client.setQueryData(managers({ page: 2, q: 'li' }), { total: 0, items: [] });
    client.setQueryData(helpers, { total: 0, items: [] });

    await invalidateEndpoints(client, [api.usermanager.getManagers]);

    expect(client.getQueryState(managers({ page: 1 }))?.isInvalidated).toBe(true);
    expect(client.getQueryState(managers({ page: 2, q: 'li' }))?.isInvalidated).toBe(true);
    expect(client.getQueryState(helpers)?.isInvalidated).toBe(false);
    client.clear();
  });
});
