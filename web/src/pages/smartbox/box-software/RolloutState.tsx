import { Progress, Space, Tag, Typography } from 'antd';
import type { RolloutRow, RolloutState } from '@dms/contract';
import { useI18n } from '@/i18n';

const COLOR: Record<RolloutState, string> = {
  running: 'processing',
  paused: 'warning',
  stopped: 'error',
  cancelled: 'default',
  done: 'success',
};

/** A rollout's state, and why it stopped when it stopped by itself. */
export function RolloutStateTag({ rollout, testId }: { rollout: RolloutRow; testId: string }) {
  const { t } = useI18n();
  return (
    <Space size={4} wrap>
      <Tag color={COLOR[rollout.state]} data-testid={testId} data-state={rollout.state}>
        {t(`rollouts.state.${rollout.state}`)}
      </Tag>
      {rollout.stopReason && <Typography.Text type="danger">{t(`rollouts.stopReason.${rollout.stopReason}`)}</Typography.Text>}
    </Space>
  );
}

/** Boxes updated (green) and failed (red) out of all, with the failures counted against those allowed. */
export function RolloutProgress({ rollout }: { rollout: RolloutRow }) {
  const { t } = useI18n();
  const c = rollout.counts;
  const done = c.done ?? 0;
  const failed = (c.failed ?? 0) + (c.timeout ?? 0) + (c.expired ?? 0);
  const percent = (n: number) => (rollout.total === 0 ? 0 : Math.round((n / rollout.total) * 1000) / 10);
  return (
    <Space orientation="vertical" size={0} style={{ width: '100%', minWidth: 160 }} data-testid={`rollout-progress-${rollout.id}`}>
      <Progress
        percent={percent(done + failed)}
        success={{ percent: percent(done) }}
        strokeColor="#f5222d"
        size="small"
        format={() => `${done}/${rollout.total}`}
      />
      <Typography.Text type={rollout.failures > rollout.maxFailures ? 'danger' : 'secondary'} style={{ fontSize: 12 }}>
        {t('rollouts.list.failures')}: {t('rollouts.list.failuresOf', { failures: rollout.failures, max: rollout.maxFailures })}
      </Typography.Text>
    </Space>
  );
}
