import { Alert } from 'antd';
import type { DeviceListItem } from '@dms/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { deviceQueries } from '@/features/devices/queries';
import { useI18n } from '@/i18n';
import { lockReading } from './lock-reading';

/** How often the chosen controller's lock is read again while the form is open (a lock or an unlock shows by itself). */
const REREAD_MS = 5_000;

/**
 * What the chosen device's controller shows of its lock, read from its latest values (when the user may read them):
 * locked with its challenge, which `onChallenge` gets to fill the form with; unlocked; or unlocked for a time.
 * Nothing for a map without a lock block.
 */
export function LockNote({ device, onChallenge }: { device: DeviceListItem; onChallenge: (challenge: string) => void }) {
  const { t } = useI18n();
  const detail = useQuery({ ...deviceQueries.detail(device.boxId, device.controller), refetchInterval: REREAD_MS });
  const type = useQuery({ ...deviceQueries.controllerType(device.typeId ?? 0), enabled: device.typeId !== null });
  const reading = detail.data && type.data ? lockReading(detail.data, type.data.registers) : null;
  const challenge = reading?.state === 'locked' ? reading.challenge : null;
  useEffect(() => {
    if (challenge) onChallenge(challenge);
  }, [challenge, onChallenge]);
  if (!reading) return null;
  const title =
    reading.state === 'locked'
      ? reading.challenge
        ? t('qrManage.lock.locked', { challenge: reading.challenge })
        : t('qrManage.lock.lockedNoChallenge')
      : reading.state === 'timed'
        ? t('qrManage.lock.timed', { hours: reading.hoursLeft ?? 0 })
        : t('qrManage.lock.unlocked');
  return (
    <Alert
      type={reading.state === 'locked' ? 'warning' : 'info'}
      showIcon
      className="dms-form-alert"
      data-testid="qr-calc-lock"
      data-state={reading.state}
      title={title}
    />
  );
}
