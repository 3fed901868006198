// @vitest-environment jsdom
import { api, cappedDeviceCounts, DEVICE_SEARCH_COUNT_CAP, type DeviceListCounts, type DeviceListItem } from '@dms/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubApi, type SentRequest } from '@/test/api';
import { renderWithProviders } from '@/test/render';
import { TEST_SUMMARY } from '@/features/devices/test-device';
import DevicesShowPage from '.';

/** Device n of a fleet: the shared test device, renumbered (no type, owned by owner01). */
function device(n: number): DeviceListItem {
  return {
    ...TEST_SUMMARY,
    id: n,
    boxId: 100_000 + n,
    typeId: null,
    typeCode: null,
    typeName: null,
    kind: null,
    owner: 'owner01',
    lastSeen: 1_700_000_000_000,
    company: `Company ${n}`,
  };
}

/** The quick filters' counts of `all` devices (a search's stop at the cap, as the server's). */
function counts(all: number, searched: boolean): DeviceListCounts {
  if (searched && all > DEVICE_SEARCH_COUNT_CAP) return cappedDeviceCounts();
  return {
    all,
    capped: false,
    online: all,
    offline: 0,
    online_alert: 0,
    offline_alert: 0,
    online_fault: 0,
    offline_fault: 0,
    unregistered: 0,
  };
}

/**
 * The device list of a user with these roles, whose devices are `total` in all, each matching any search (whose total,
 * as the server's, stops at the cap). A page holds 20; the server answers the first three of each page (a table of 20
 * rows would only slow the test).
 */
function deviceList(roles: readonly string[], total: number) {
  const server = stubApi();
  server.on(api.devices.list, ({ query }) => {
    const first = (Number(query.page) - 1) * Number(query.page_size) + 1;
    const items = Array.from({ length: Math.max(0, Math.min(3, total - first + 1)) }, (_, i) => device(first + i));
    const capped = query.q !== undefined && total > DEVICE_SEARCH_COUNT_CAP;
    return { data: { total: capped ? DEVICE_SEARCH_COUNT_CAP : total, capped, items } };
  });
  server.on(api.devices.counts, ({ query }) => ({ data: counts(total, query.q !== undefined) }));
  renderWithProviders(<DevicesShowPage />, { url: '/devices/devices-show', roles });
  /** The queries the list was read with, in order. */
  const reads = () => server.sentTo(api.devices.list).map((s: SentRequest) => s.query);
  return { server, reads, user: userEvent.setup({ delay: null }) };
}

describe('the device list', () => {
  it('searches once typing stops, with the text typed (not each keystroke), from the first page', async () => {
    const { reads, user } = deviceList(['manager'], 45);
    await screen.findByText('Company 1');
    await user.click(screen.getByTitle('2'));
    await screen.findByText('Company 21');

    await user.type(screen.getByRole('textbox', { name: 'Company, place, box ID, station, model, contact or phone' }), '  acme ');
    await waitFor(() => {
      expect(reads().some((q) => q.q !== undefined)).toBe(true);
    });
    expect(reads()).toEqual([
      { sort: 'boxId', order: 'asc', page: '1', page_size: '20' },
      { sort: 'boxId', order: 'asc', page: '2', page_size: '20' },
      { q: 'acme', sort: 'boxId', order: 'asc', page: '1', page_size: '20' },
    ]);
  });

  it('pages on the server, and says how many devices there are', async () => {
    const { reads, user } = deviceList(['manager'], 45);
    expect(await screen.findByText('Devices: 45')).toBeDefined();
    expect(screen.queryByText('Company 21')).toBeNull();
    await user.click(screen.getByTitle('3'));
    expect(await screen.findByText('Company 41')).toBeDefined();
    expect(screen.queryByText('Company 1')).toBeNull();
    expect(reads().at(-1)).toEqual({ sort: 'boxId', order: 'asc', page: '3', page_size: '20' });
  });

  it('says when a search matched more than it counts: the cap and +, and no count on the statuses', async () => {
    const { user } = deviceList(['root'], 250_000);
    expect(await screen.findByText('Devices: 250000')).toBeDefined();
    await countsShown('250000');
    await user.type(screen.getByRole('textbox', { name: 'Company, place, box ID, station, model, contact or phone' }), '恒');
    const total = await screen.findByText('Devices: 1000+');
    expect(total.getAttribute('title')).toBe('A search counts its matches up to 1000 past the page. Narrow it to count them all.');
    await countsShown('1000+');
    expect(screen.getByTestId('devices-quick-online').textContent).toBe('Online');
    expect(screen.getByTestId('devices-quick-online').getAttribute('data-count')).toBe('');
    // Fifty pages of twenty: the pager reaches the thousandth row.
    expect(screen.getByTitle('50')).toBeDefined();
  });
});

/** Waits until the quick filters show the counts: what the list says when it is empty depends on them. */
async function countsShown(all: number | string): Promise<void> {
  await waitFor(() => {
    expect(screen.getByRole('radio', { name: /^All/ }).textContent).toBe(`All${all}`);
  });
}

describe('a user who reaches no device (docs/people.md)', () => {
  it('is told why, and a manager is offered to add a box', async () => {
    deviceList(['manager'], 0);
    await countsShown(0);
    expect(await screen.findByText('No devices are assigned or shared with you.')).toBeDefined();
    expect(screen.getByRole('link', { name: 'Add device' }).getAttribute('href')).toBe('/usermanager/add-device');
  });

  it('a helper, who may not claim a box, is not offered to add one', async () => {
    deviceList(['helper'], 0);
    await countsShown(0);
    expect(await screen.findByText('No devices are assigned or shared with you.')).toBeDefined();
    expect(screen.queryByRole('link', { name: 'Add device' })).toBeNull();
  });

  it('root, who sees every device, is told only that none matches', async () => {
    deviceList(['root'], 0);
    await countsShown(0);
    expect(await screen.findByText('No devices match.')).toBeDefined();
    expect(screen.queryByText('No devices are assigned or shared with you.')).toBeNull();
  });
});
