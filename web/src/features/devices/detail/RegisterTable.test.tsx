// @vitest-environment jsdom
import { api, type ControllerTypeDetail, type DeviceDetail, type RegisterDef } from '@dms/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubApi } from '@/test/api';
import { renderWithProviders } from '@/test/render';
import { TEST_DEVICE } from '@/features/devices/test-device';
import { RegisterTable } from '@/features/devices/detail/RegisterTable';

const named = (en: string) => ({ en, zh: en, es: en, ja: en });

const REGISTERS: RegisterDef[] = [
  {
    number: 40001,
    key: 'discharge_pressure',
    name: named('Discharge pressure'),
    format: 'number',
    unit: 'bar',
    decimals: 1,
    writable: false,
  },
  {
    number: 40008,
    key: 'pressure_setpoint',
    name: named('Pressure setpoint'),
    format: 'number',
    unit: 'bar',
    decimals: 1,
    writable: true,
    min: 0,
    max: 10,
  },
  {
    number: 40010,
    key: 'start_stop_command',
    name: named('Start/stop'),
    format: 'enum',
    unit: '',
    decimals: 0,
    writable: true,
    role: 'switch',
    options: { '0': named('Stop'), '1': named('Start') },
  },
  { number: 40012, key: 'temp_limit', name: named('Temperature limit'), format: 'number', unit: '°C', decimals: 0, writable: true },
  { number: 40020, key: 'service_code', name: named('Service code'), format: 'number', unit: '', decimals: 0, writable: true },
];

const TYPE: ControllerTypeDetail = {
  id: 5,
  code: 'screw-a',
  kind: 'compressor',
  name: named('Screw A'),
  builtin: true,
  registerCount: REGISTERS.length,
  registers: REGISTERS,
};

const DEVICE: DeviceDetail = {
  ...TEST_DEVICE,
  id: 11,
  controller: 2,
  typeId: 5,
  typeCode: 'screw-a',
  typeName: 'Screw A',
  owner: 'owner01',
  lastSeen: 1_700_000_000_000,
  stationNo: 'S-1',
  model: 'A-100',
  latest: { ts: 1_700_000_000_000, values: {} },
  transitions: [],
  page: {
    groups: [{ name: named('Registers'), registers: REGISTERS.map((r) => r.number) }],
    gauges: [],
    switches: [],
    keyFigures: [],
    roles: {},
  },
};

const VALUES = { '40001': 62, '40008': 75, '40010': 1, '40012': 90, '40020': 3 };

function table(device: Partial<DeviceDetail>) {
  renderWithProviders(<RegisterTable device={{ ...DEVICE, ...device }} type={TYPE} values={VALUES} ts={1_700_000_000_000} />);
}

/** The row of a register by its number, as the table shows it. */
function row(register: number): HTMLElement {
  const tr = screen.getByRole('cell', { name: String(register) }).closest('tr');
  if (!tr) throw new Error(`no row for register ${register}`);
  return tr;
}

/** The registers that show a write control. */
function writable(): number[] {
  return [40001, 40008, 40010, 40012].filter((n) => within(row(n)).queryByRole('button', { name: /Write/ }) !== null);
}

describe('the write control, per right on the device (docs/people.md)', () => {
  it('with the write right: on every writable register, never on a read-only one', () => {
    table({ canWrite: true, canSwitch: true });
    expect(writable()).toEqual([40008, 40010, 40012]);
  });

  it('with the switch right only (a helper allowed to switch): on start/stop alone', () => {
    table({ canWrite: false, canSwitch: true, reach: { ...DEVICE.reach, how: 'helper', via: 'owner01' } });
    expect(writable()).toEqual([40010]);
  });

  it("with the switch right only: the map's switch role decides, not the register's key", () => {
    const moved: ControllerTypeDetail = {
      ...TYPE,
      registers: TYPE.registers.map(({ role: _role, ...r }) => (r.number === 40012 ? { ...r, role: 'switch' as const } : r)),
    };
    const reach = { ...DEVICE.reach, how: 'helper' as const, via: 'owner01' };
    renderWithProviders(
      <RegisterTable device={{ ...DEVICE, canWrite: false, canSwitch: true, reach }} type={moved} values={VALUES} ts={1_700_000_000_000} />,
    );
    expect(writable()).toEqual([40012]);
  });

  it('shared to view: none, the values still shown', () => {
    table({ canWrite: false, canSwitch: false, reach: { ...DEVICE.reach, how: 'shared', via: 'owner01', canSwitch: false } });
    expect(writable()).toEqual([]);
    expect(within(row(40008)).getByText('7.5')).toBeDefined();
  });

  it("not on what the user's template withholds, and a register they may not read is left out", () => {
    table({ template: { noRead: [40020], noWrite: [40012] } });
    expect(writable()).toEqual([40008, 40010]);
    expect(screen.queryByRole('cell', { name: '40020' })).toBeNull();
  });
});

describe("the type's page (/device-type/type-config/page)", () => {
  const page = {
    groups: [
      { name: named('Main'), registers: [40008, 40001] },
      { name: named('Service'), registers: [40020] },
    ],
    gauges: [],
    switches: [],
    keyFigures: [],
    roles: {},
  };
  const shown = () =>
    screen.getAllByRole('row').flatMap((tr) => (tr.getAttribute('data-register') ? [Number(tr.getAttribute('data-register'))] : []));

  it('shows its groups, the first one chosen, each with its registers in its order; a register in no group is not shown', async () => {
    table({ page });
    expect(shown()).toEqual([40008, 40001]);
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByTestId('register-group-1'));
    expect(shown()).toEqual([40020]);
  });

  it('searches every group at once', async () => {
    table({ page });
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByTestId('register-search'), 'code');
    expect(shown()).toEqual([40020]);
  });

  it('offers no group choice when there is one group', () => {
    table({});
    expect(screen.queryByTestId('register-groups')).toBeNull();
    expect(shown()).toEqual([40001, 40008, 40010, 40012, 40020]);
  });
});

describe('writing a register', () => {
  it('refuses a value out of range, then sends the value in engineering units to the register and shows the outcome', async () => {
    const server = stubApi();
    server.on(api.devices.write, { data: { id: 'w1', outcome: 'acknowledged', reason: null, oldValue: 7.5, newValue: 9.5 } });
    table({});
    const user = userEvent.setup({ delay: null });
    await user.click(within(row(40008)).getByRole('button', { name: /Write/ }));
    const dialog = (await screen.findByText('Write Pressure setpoint')).closest<HTMLElement>('[role="dialog"]');
    if (!dialog) throw new Error('no write dialog');
    const input = within(dialog).getByRole('spinbutton');
    const send = within(dialog).getByRole('button', { name: 'Write' });

    await user.clear(input);
    await user.type(input, '12');
    expect(await within(dialog).findByText('Enter a value between 0 and 10.')).toBeDefined();
    expect(send.hasAttribute('disabled')).toBe(true);

    await user.clear(input);
    await user.type(input, '9.5');
    expect(send.hasAttribute('disabled')).toBe(false);
    await user.click(send);
    expect(await screen.findByText('Write 9.5 bar to "Pressure setpoint" on the controller?')).toBeDefined();
    await user.click(screen.getByTestId('write-confirm'));

    expect(await within(dialog).findByText('Written: the controller acknowledged 9.5 bar.')).toBeDefined();
    expect(server.sent).toEqual([{ method: 'POST', path: '/devices/100001/2/registers/40008', query: {}, body: { value: 9.5 } }]);
  });
});
