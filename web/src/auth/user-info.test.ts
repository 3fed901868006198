import { describe, expect, it } from 'vitest';
import { parseUserInfo, UserInfoError } from './user-info';

const good = {
  roles: ['manager'],
  name: 'Demo Manager',
  avatar: '',
  introduction: 'Hi',
  level: 2,
  user: { id: 7, username: 'demo_manager', group_extra: null, is_manager: true },
  twoFactor: { enabled: true, required: false },
};

function problem(data: unknown, lang: 'en' | 'zh' = 'en'): UserInfoError {
  try {
    parseUserInfo(data, lang);
  } catch (error) {
    if (error instanceof UserInfoError) return error;
    throw error;
  }
  throw new Error('expected a UserInfoError');
}

describe('user info (spec 4, 8)', () => {
  it('takes the session fields from the answer', () => {
    expect(parseUserInfo(good, 'en')).toEqual({
      name: 'Demo Manager',
      username: 'demo_manager',
      avatar: '',
      introduction: 'Hi',
      roles: ['manager'],
      ck: null,
      userLevel: 2,
      isManager: true,
      twoFactor: { enabled: true, required: false },
    });
  });

  it('adds dmck1333 for group_extra 1122 and 1333', () => {
    for (const group of ['1122', '1333']) {
      const user = parseUserInfo({ ...good, user: { ...good.user, group_extra: group } }, 'en');
      expect(user.roles).toEqual(['manager', 'dmck1333']);
      expect(user.ck).toBe(group);
    }
  });

  it('null data: user info cannot be null', () => {
    expect(problem(null).message).toBe('getInfo: user info cannot be null!');
    expect(problem(undefined, 'zh').message).toBe('getInfo：用户信息不能为空！');
  });

  it('roles missing, not a list, or empty: roles must be a non-null array', () => {
    expect(problem({ ...good, roles: [] }).message).toBe('getInfo: roles must be a non-null array!');
    expect(problem({ ...good, roles: null }).key).toBe('info.rolesMustBeArray');
    const { roles: _omit, ...noRoles } = good;
    expect(problem(noRoles).key).toBe('info.rolesMustBeArray');
  });

  it('anything else that does not match: verification failed', () => {
    expect(problem({ ...good, user: null }).message).toBe('Verification failed, please Login again.');
    expect(problem('text').key).toBe('info.verificationFailed');
  });
});
