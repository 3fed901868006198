import type { LocalizedText, RegisterDef } from '@dms/contract';

/**
 * The lock block every built-in controller has (issue 24, docs/dynamic-password.md): a distributor can lock a machine
 * (for a customer who has not paid, say) and unlock it with a dynamic password calculated at
 * /qrManage/calculate-dynamic-pwd. Seven words from `base`:
 *
 * - `lock_state` (base): 0 unlocked, 1 locked, 2 unlocked for a time;
 * - `lock_challenge` (base+1, two words): the six-digit challenge while locked, else 0;
 * - `unlock_password` (base+3, two words): write the eight-digit password here; a wrong one is refused (`refused`),
 *   and it always reads back 0;
 * - `unlock_hours_left` (base+5): hours until a timed unlock ends and the controller locks again, else 0;
 * - `lock_command` (base+6): write 1 to lock now (a pulse: it reads back 0).
 */
export const LOCK_KEYS = ['lock_state', 'lock_challenge', 'unlock_password', 'unlock_hours_left', 'lock_command'] as const;
/** Registers whose written values are secrets (an unlock password): the operation log records that a value was written, never the value. */
export const SECRET_REGISTER_KEYS: readonly string[] = ['unlock_password'];
export type LockKey = (typeof LOCK_KEYS)[number];

/** The lock states `lock_state` shows. */
export const LOCK_STATE = { unlocked: 0, locked: 1, timed: 2 } as const;

/** The largest password a controller takes: eight decimal digits. */
const PASSWORD_MAX = 99_999_999;

const t = (en: string, zh: string, es: string, ja: string): LocalizedText => ({ en, zh, es, ja });

export function lockRegisters(base: number): RegisterDef[] {
  return [
    {
      number: base,
      key: 'lock_state',
      name: t('Lock state', '锁机状态', 'Estado de bloqueo', 'ロック状態'),
      format: 'enum',
      unit: '',
      decimals: 0,
      writable: false,
      options: {
        [LOCK_STATE.unlocked]: t('Unlocked', '未锁机', 'Desbloqueado', 'ロック解除'),
        [LOCK_STATE.locked]: t('Locked', '已锁机', 'Bloqueado', 'ロック中'),
        [LOCK_STATE.timed]: t('Unlocked for a time', '限时解锁', 'Desbloqueado por un tiempo', '期限付き解除'),
      },
    },
    {
      number: base + 1,
      key: 'lock_challenge',
      name: t('Unlock challenge', '解锁挑战码', 'Código de desafío', 'ロック解除チャレンジ'),
      format: 'number',
      unit: '',
      decimals: 0,
      writable: false,
      words: 2,
    },
    {
      number: base + 3,
      key: 'unlock_password',
      name: t('Unlock password', '解锁密码', 'Contraseña de desbloqueo', 'ロック解除パスワード'),
      format: 'number',
      unit: '',
      decimals: 0,
      writable: true,
      words: 2,
      min: 0,
      max: PASSWORD_MAX,
    },
    {
      number: base + 5,
      key: 'unlock_hours_left',
      name: t('Unlocked hours left', '解锁剩余时间', 'Horas de desbloqueo restantes', 'ロック解除残り時間'),
      format: 'time',
      unit: 'h',
      decimals: 0,
      writable: false,
    },
    {
      number: base + 6,
      key: 'lock_command',
      name: t('Lock command', '锁机命令', 'Orden de bloqueo', 'ロック指令'),
      format: 'enum',
      unit: '',
      decimals: 0,
      writable: true,
      options: {
        0: t('No action', '无操作', 'Sin acción', '操作なし'),
        1: t('Lock now', '立即锁机', 'Bloquear ahora', '今すぐロック'),
      },
    },
  ];
}
