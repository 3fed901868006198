// @vitest-environment jsdom
import { api, Code } from '@dms/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubApi } from '@/test/api';
import { renderWithProviders } from '@/test/render';
import { ChangePasswordForm } from './ChangePasswordForm';

function setup() {
  const server = stubApi();
  const user = userEvent.setup({ delay: null });
  renderWithProviders(<ChangePasswordForm testIdPrefix="profile" />);
  const field = (label: string) => screen.getByLabelText<HTMLInputElement>(label);
  return { server, user, field };
}

describe('ChangePasswordForm (spec 5)', () => {
  it('says what is wrong with each field as it is left, and sends nothing', async () => {
    const { server, user, field } = setup();
    await user.type(field('Current password'), 'demo123456');
    await user.type(field('New password'), '12345');
    await user.tab();
    expect(await screen.findByText('Password must be a 6-20 digit number or character!')).toBeDefined();

    await user.clear(field('New password'));
    await user.type(field('New password'), 'demo123456');
    await user.tab();
    expect(await screen.findByText('The new password must differ from the current one!')).toBeDefined();

    await user.clear(field('New password'));
    await user.type(field('New password'), 'changed-1');
    await user.type(field('Confirm new password'), 'changed-2');
    await user.tab();
    expect(await screen.findByText('The two passwords do not match!')).toBeDefined();

    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('The two passwords do not match!')).toBeDefined();
    expect(server.sent).toEqual([]);
  });

  it('asks for every field when sent empty', async () => {
    const { server, user } = setup();
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() => {
      expect(screen.getAllByText('Password cannot be empty!')).toHaveLength(3);
    });
    expect(server.sent).toEqual([]);
  });

  it('sends the current and the new password (not the confirmation), then says it is done and empties the form', async () => {
    const { server, user, field } = setup();
    server.on(api.user.changePassword, { data: null });
    await user.type(field('Current password'), 'demo123456');
    await user.type(field('New password'), 'changed-1');
    await user.type(field('Confirm new password'), 'changed-1');
    await user.click(screen.getByRole('button', { name: 'Change password' }));

    expect(await screen.findByText('Password changed. Your other sessions were signed out and your API keys ended.')).toBeDefined();
    expect(server.sent).toEqual([
      { method: 'POST', path: api.user.changePassword.path, query: {}, body: { oldPassword: 'demo123456', newPassword: 'changed-1' } },
    ]);
    expect(field('Current password').value).toBe('');
  });

  it("shows the server's refusal in the form, until a field changes", async () => {
    const { server, user, field } = setup();
    server.on(api.user.changePassword, { status: 400, code: Code.REJECTED, message: 'The current password is incorrect.' });
    await user.type(field('Current password'), 'wrong-one');
    await user.type(field('New password'), 'changed-1');
    await user.type(field('Confirm new password'), 'changed-1');
    await user.click(screen.getByRole('button', { name: 'Change password' }));

    expect((await screen.findByRole('alert')).textContent).toBe('The current password is incorrect.');
    await user.type(field('Current password'), 'x');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
