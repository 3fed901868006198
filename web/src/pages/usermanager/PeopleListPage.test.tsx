// @vitest-environment jsdom
import { api, Code, type HelperRow, type ManagerRow } from '@dms/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubApi } from '@/test/api';
import { renderWithProviders } from '@/test/render';
import EditHelperPage from './edit-helper';
import EditManagerPage from './edit-manager';

const HELPER: HelperRow = {
  id: 7,
  username: 'helper01',
  name: 'Hannah',
  phone: '',
  template: null,
  remark: '',
  createdAt: 1_700_000_000_000,
  helperType: 'operator',
  region: 'North',
  sharedDevices: 2,
  switchDevices: 1,
};

const MANAGER: ManagerRow = {
  id: 9,
  username: 'submgr01',
  name: 'Sam',
  phone: '',
  template: null,
  remark: '',
  createdAt: 1_700_000_000_000,
  company: 'Acme',
  ck: '1234',
  disabled: false,
  assignedDevices: 3,
};

function helpersPage(roles: readonly string[]) {
  const server = stubApi();
  server.on(api.usermanager.getHelpers, { data: { total: 1, items: [HELPER] } });
  renderWithProviders(<EditHelperPage />, { url: '/usermanager/edit-helper', roles });
  return { server, user: userEvent.setup({ delay: null }) };
}

function managersPage(roles: readonly string[]) {
  const server = stubApi();
  server.on(api.usermanager.getManagers, { data: { total: 1, items: [MANAGER] } });
  renderWithProviders(<EditManagerPage />, { url: '/usermanager/edit-manager', roles });
  return { server, user: userEvent.setup({ delay: null }) };
}

/** The row of a user in the list, once it is loaded. */
async function rowOf(username: string): Promise<HTMLElement> {
  const cell = await screen.findByRole('cell', { name: username });
  const row = cell.closest('tr');
  if (!row) throw new Error(`no row for ${username}`);
  return row;
}

/**
 * The dialog with this title, once it is open. (antd labels every dialog by the same id in tests, so a dialog is found by
 * its title's text, not by its accessible name.)
 */
async function dialogTitled(title: string): Promise<HTMLElement> {
  const dialog = (await screen.findByText(title)).closest<HTMLElement>('[role="dialog"]');
  if (!dialog) throw new Error(`"${title}" is not the title of a dialog`);
  return dialog;
}

describe('the way to add a person, per role (spec 6)', () => {
  it('a manager may add a helper', async () => {
    helpersPage(['manager']);
    await rowOf('helper01');
    expect(screen.getByRole('button', { name: 'Add helper' })).toBeDefined();
  });

  it('after-sales sees the helpers but may not add one', async () => {
    helpersPage(['afterSales']);
    await rowOf('helper01');
    expect(screen.queryByRole('button', { name: 'Add helper' })).toBeNull();
  });

  it('after-sales plus may add a sub-manager', async () => {
    managersPage(['afterSalesPlus']);
    await rowOf('submgr01');
    expect(screen.getByRole('button', { name: 'Add sub-manager' })).toBeDefined();
  });

  it('after-sales sees the sub-managers but may not add one', async () => {
    managersPage(['afterSales']);
    await rowOf('submgr01');
    expect(screen.queryByRole('button', { name: 'Add sub-manager' })).toBeNull();
  });

  it('the Add button opens the form', async () => {
    const { user } = helpersPage(['manager']);
    await rowOf('helper01');
    await user.click(screen.getByRole('button', { name: 'Add helper' }));
    expect((await screen.findByTestId('elsewhere')).textContent).toBe('/usermanager/add-helper');
  });
});

describe("a person's password (spec 5)", () => {
  it('refuses a password of the wrong length and sends nothing', async () => {
    const { server, user } = helpersPage(['manager']);
    await user.click(within(await rowOf('helper01')).getByRole('button', { name: 'Password' }));
    const dialog = await dialogTitled('New password for helper01');

    await user.type(within(dialog).getByLabelText('Password'), '12345');
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(await within(dialog).findByText('Password must be a 6-20 digit number or character!')).toBeDefined();

    await user.clear(within(dialog).getByLabelText('Password'));
    await user.type(within(dialog).getByLabelText('Password'), 'a'.repeat(21));
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(await within(dialog).findByText('Password must be a 6-20 digit number or character!')).toBeDefined();

    await user.clear(within(dialog).getByLabelText('Password'));
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(await within(dialog).findByText('Password cannot be empty!')).toBeDefined();

    expect(server.sentTo(api.usermanager.changeHelperPassword)).toEqual([]);
  });

  it("sets a helper's password with the helper's id, and says so", async () => {
    const { server, user } = helpersPage(['manager']);
    server.on(api.usermanager.changeHelperPassword, { data: null });
    await user.click(within(await rowOf('helper01')).getByRole('button', { name: 'Password' }));
    const dialog = await dialogTitled('New password for helper01');
    await user.type(within(dialog).getByLabelText('Password'), 'secret-99');
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));

    expect(await screen.findByText('The password was changed; their sessions were signed out.')).toBeDefined();
    expect(server.sentTo(api.usermanager.changeHelperPassword)).toEqual([
      { method: 'POST', path: api.usermanager.changeHelperPassword.path, query: {}, body: { userId: 7, password: 'secret-99' } },
    ]);
    await waitFor(() => {
      expect(screen.queryByText('New password for helper01')).toBeNull();
    });
  });

  it("resets a sub-manager's password through the sub-managers' call", async () => {
    const { server, user } = managersPage(['manager']);
    server.on(api.usermanager.resetManagerPassword, { data: null });
    await user.click(within(await rowOf('submgr01')).getByRole('button', { name: 'Password' }));
    const dialog = await dialogTitled('New password for submgr01');
    await user.type(within(dialog).getByLabelText('Password'), 'secret-42');
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));

    expect(await screen.findByText('The password was changed; their sessions were signed out.')).toBeDefined();
    expect(server.sentTo(api.usermanager.resetManagerPassword)).toEqual([
      { method: 'POST', path: api.usermanager.resetManagerPassword.path, query: {}, body: { userId: 9, password: 'secret-42' } },
    ]);
  });

  it("keeps the dialog open with the server's refusal under the field", async () => {
    const { server, user } = helpersPage(['manager']);
    server.on(api.usermanager.changeHelperPassword, {
      status: 400,
      code: Code.REJECTED,
      message: 'This helper is not yours, or does not exist.',
    });
    await user.click(within(await rowOf('helper01')).getByRole('button', { name: 'Password' }));
    const dialog = await dialogTitled('New password for helper01');
    await user.type(within(dialog).getByLabelText('Password'), 'secret-99');
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));

    expect(await within(dialog).findByText('This helper is not yours, or does not exist.')).toBeDefined();
    expect(screen.getByText('New password for helper01').closest('[role="dialog"]')).toBe(dialog);
  });
});
