import { PushpinFilled } from '@ant-design/icons';
import { Tag } from 'antd';
import type { AnnouncementPin } from '@dms/contract';
import { useI18n } from '@/i18n';

const PIN_COLOR: Record<AnnouncementPin, string | undefined> = { none: undefined, top: 'blue', super_top: 'volcano' };

/** An announcement's pin as a tag (nothing for an unpinned one, unless `always`). */
export function PinTag({ pin, always = false, testId }: { pin: AnnouncementPin; always?: boolean; testId?: string }) {
  const { t } = useI18n();
  if (pin === 'none' && !always) return null;
  return (
    <Tag color={PIN_COLOR[pin]} icon={pin === 'none' ? undefined : <PushpinFilled />} data-testid={testId} data-pin={pin}>
      {t(`announcements.pin.${pin}`)}
    </Tag>
  );
}
