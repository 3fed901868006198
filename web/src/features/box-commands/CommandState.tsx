import { Space, Tag, Tooltip, Typography } from 'antd';
import type { CommandState as State, CommandFailReason } from '@dms/contract';
import { useI18n } from '@/i18n';

/** How each state looks: waiting grey, on its way blue, done green, failed red, ended otherwise orange. */
const COLOR: Record<State, string> = {
  queued: 'default',
  sent: 'processing',
  accepted: 'processing',
  downloading: 'processing',
  verifying: 'processing',
  updating: 'processing',
  done: 'success',
  failed: 'error',
  timeout: 'error',
  expired: 'warning',
  cancelled: 'default',
};

/** A box command's state (docs/box-protocol.md "Commands"), with its reason when it failed; `since` on hover. */
export function CommandStateTag({
  state,
  reason,
  since,
  testId,
}: {
  state: State;
  reason: CommandFailReason | null;
  since?: string;
  testId: string;
}) {
  const { t } = useI18n();
  const tag = (
    <Tag color={COLOR[state]} data-testid={testId} data-state={state}>
      {t(`boxCommands.state.${state}`)}
    </Tag>
  );
  return (
    <Space size={4} wrap>
      {since ? <Tooltip title={since}>{tag}</Tooltip> : tag}
      {reason && <Typography.Text type="danger">{t(`boxCommands.reason.${reason}`)}</Typography.Text>}
    </Space>
  );
}
