// @vitest-environment jsdom
import { api, Code } from '@dms/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubApi } from '@/test/api';
import { renderWithProviders } from '@/test/render';
import AddHelperPage from './add-helper';

function addHelper() {
  const server = stubApi();
  server.on(api.usermanager.getLevelModels, {
    data: { templates: [{ id: 3, name: 'Night shift', level: 7, builtin: null }] },
  });
  renderWithProviders(<AddHelperPage />, { url: '/usermanager/add-helper', roles: ['manager'] });
  const user = userEvent.setup({ delay: null });
  const field = (label: string) => screen.getByLabelText<HTMLInputElement>(label);
  /** Types into a field and leaves it, as the form checks a field when it is left. */
  const fill = async (label: string, text: string) => {
    await user.clear(field(label));
    await user.type(field(label), text);
    await user.tab();
  };
  /** Picks an option of a select by its visible text, in the list that select opens. */
  const choose = async (label: string, option: string) => {
    const select = screen.getByRole('combobox', { name: label });
    await user.click(select);
    const list = await waitFor(() => {
      const found = document.getElementById(select.getAttribute('aria-controls') ?? '');
      if (!found?.parentElement) throw new Error(`the list of ${label} did not open`);
      return found.parentElement;
    });
    await user.click(within(list).getByTitle(option));
  };
  return { server, user, field, fill, choose, save: () => user.click(screen.getByRole('button', { name: 'Add' })) };
}

describe('adding a helper (spec 5 rules)', () => {
  it('asks for a user name and a password, and sends nothing without them', async () => {
    const { server, save } = addHelper();
    await save();
    expect(await screen.findByText('User name cannot be empty!')).toBeDefined();
    expect(screen.getByText('Password cannot be empty!')).toBeDefined();
    expect(server.sentTo(api.usermanager.addHelper)).toEqual([]);
  });

  it('says which user name rule is broken as the field is left', async () => {
    const { fill } = addHelper();
    await fill('User name', 'ab cdef');
    expect(await screen.findByText('User name cannot contain Chinese characters or spaces!')).toBeDefined();
    await fill('User name', 'abc');
    expect(await screen.findByText('User name must be a 6-20 digit number or character!')).toBeDefined();
    await fill('User name', 'alice!01');
    expect(await screen.findByText('6-20 digit number or character or @#%^&*_-+ required!')).toBeDefined();
    await fill('User name', 'alice_01');
    await waitFor(() => {
      expect(screen.queryByText('6-20 digit number or character or @#%^&*_-+ required!')).toBeNull();
    });
    await fill('Password', '12345');
    expect(await screen.findByText('Password must be a 6-20 digit number or character!')).toBeDefined();
  });

  it('sends every field, the chosen type and template included, then goes back to the list', async () => {
    const { server, fill, choose, save } = addHelper();
    server.on(api.usermanager.addHelper, { data: { id: 41 } });
    await fill('User name', 'alice_01');
    await fill('Password', 'secret-1');
    await fill('Name', 'Alice');
    await fill('Phone', '555-0100');
    await choose('Type', 'Maintenance');
    await fill('Region', 'North');
    await choose('Template', 'Night shift');
    await fill('Remark', 'Night shift lead');
    await save();

    expect(await screen.findByText('Helper alice_01 was added.')).toBeDefined();
    expect(server.sentTo(api.usermanager.addHelper)).toEqual([
      {
        method: 'POST',
        path: api.usermanager.addHelper.path,
        query: {},
        body: {
          username: 'alice_01',
          password: 'secret-1',
          name: 'Alice',
          phone: '555-0100',
          helperType: 'maintenance',
          region: 'North',
          templateId: 3,
          remark: 'Night shift lead',
        },
      },
    ]);
    expect((await screen.findByTestId('elsewhere')).textContent).toBe('/usermanager/edit-helper');
  });

  it("stays on the form with the server's refusal, until a field changes", async () => {
    const { server, fill, save, user, field } = addHelper();
    server.on(api.usermanager.addHelper, { status: 400, code: Code.REJECTED, message: 'This user name is already taken.' });
    await fill('User name', 'alice_01');
    await fill('Password', 'secret-1');
    await save();

    expect((await screen.findByRole('alert')).textContent).toBe('This user name is already taken.');
    expect(screen.queryByTestId('elsewhere')).toBeNull();
    await user.type(field('User name'), '2');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
