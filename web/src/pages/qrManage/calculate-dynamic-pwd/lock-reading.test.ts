import { BUILTIN_TYPES } from '@dms/seed';
import { describe, expect, it } from 'vitest';
import { lockReading } from './lock-reading';

const registers = BUILTIN_TYPES.find((t) => t.code === 'screw-compressor')?.registers ?? [];
const number = (key: string) => registers.find((r) => r.key === key)?.number ?? -1;
const device = (values: Record<number, number>, noRead: number[] = []) => ({
  latest: { ts: 1, values: Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v])) },
  template: { noRead, noWrite: [] },
});

describe('lockReading', () => {
  const state = number('lock_state');
  const challenge = number('lock_challenge');

  it('reads a locked controller and its two-word challenge, zero-padded to six digits', () => {
    // 70000 = 1 × 65536 + 4464, high word first.
    expect(lockReading(device({ [state]: 1, [challenge]: 1, [challenge + 1]: 4464 }), registers)).toEqual({
      state: 'locked',
      challenge: '070000',
    });
    expect(lockReading(device({ [state]: 1, [challenge]: 0, [challenge + 1]: 0 }), registers)).toEqual({
      state: 'locked',
      challenge: null,
    });
  });

  it('reads an unlocked and a timed controller', () => {
    expect(lockReading(device({ [state]: 0 }), registers)).toEqual({ state: 'unlocked' });
    expect(lockReading(device({ [state]: 2, [number('unlock_hours_left')]: 167 }), registers)).toEqual({ state: 'timed', hoursLeft: 167 });
  });

  it('says nothing of a map without the block, an unreported or unknown state, or a state the template withholds', () => {
    expect(
      lockReading(
        device({ [state]: 1 }),
        registers.filter((r) => r.key !== 'lock_state'),
      ),
    ).toBeNull();
    expect(lockReading(device({}), registers)).toBeNull();
    expect(lockReading(device({ [state]: 7 }), registers)).toBeNull();
    expect(lockReading(device({ [state]: 1 }, [state]), registers)).toBeNull();
  });
});
