import { UndoOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Descriptions, Progress, Space, Tag, Typography } from 'antd';
import { api, ITEM_OUTCOMES, message as serverMessage, type ItemOutcome, type MessageKey, type ScriptRun } from '@dms/contract';
import { call, endpointQuery } from '@/api/call';
import { useInvalidate } from '@/api/invalidate';
import { ExportButton } from '@/components/list-page/ExportButton';
import { useI18n } from '@/i18n';
import { formatTime } from '@/lib/format-time';
import { WriteToOwners } from './Handoff';
import { ItemTable } from './ItemTable';
import { SecretsButton } from './SecretsButton';
import { isInputName, OUTCOME_COLOR, STATE_COLOR } from './outcomes';

/** How often a run that is going on is read again. */
const POLL_MS = 1000;
const GOING_ON: ReadonlyArray<ScriptRun['state']> = ['running', 'undoing', 'waiting'];

/** A run's counts per outcome, as coloured tags (those that are 0 left out). */
export function OutcomeTags({ run }: { run: ScriptRun }) {
  const { t } = useI18n();
  return (
    <Space size={[4, 4]} wrap data-testid={`script-run-counts-${run.id}`}>
      {ITEM_OUTCOMES.filter((o) => (run.counts[o] ?? 0) > 0).map((o) => (
        <Tag key={o} color={OUTCOME_COLOR[o]} data-testid={`script-count-${o}`}>
          {t(`scripts.outcome.${o}`)}: {run.counts[o]}
        </Tag>
      ))}
    </Space>
  );
}

/**
 * One run as it goes: its state and progress (read again every second while it is running, undoing or waiting for
 * offline boxes), its counts per outcome, its inputs, the passwords it generated (once), undo (confirmed with the count
 * it puts back) or why it cannot be undone, and its log, paged, with the whole of it as .xlsx.
 */
export function RunPanel({ id, extra }: { id: number; extra?: React.ReactNode }) {
  const { t, lang } = useI18n();
  const { modal, message } = App.useApp();
  const invalidate = useInvalidate();
  const query = useQuery({
    ...endpointQuery(api.scripts.run, { params: { id } }),
    refetchInterval: (q) => (q.state.data && GOING_ON.includes(q.state.data.state) ? POLL_MS : false),
  });
  const run = query.data;
  if (!run) return null;
  const percent = run.total === 0 ? 100 : Math.round((run.done / run.total) * 100);
  const changed = run.counts.ok ?? 0;

  const undo = () => {
    modal.confirm({
      title: t('scripts.run.undoTitle'),
      content: t('scripts.run.undoBody', { count: changed }),
      okText: t('scripts.run.undoOk', { count: changed }),
      okButtonProps: { danger: true, 'data-testid': 'script-undo-ok' },
      onOk: async () => {
        await call(api.scripts.undo, { params: { id }, body: { count: changed } });
        void message.info(t('scripts.run.undoStarted'));
        await query.refetch();
        void invalidate([api.scripts.runs]);
      },
    });
  };

  return (
    <div data-testid={`script-run-${run.id}`} className="dms-script-run">
      <Space orientation="vertical" style={{ width: '100%' }} size="middle">
        <Space wrap align="center">
          <Typography.Title level={5} style={{ margin: 0 }}>
            {t('scripts.run.title', { id: run.id, script: t(`scripts.name.${run.script}`) })}
          </Typography.Title>
          <Tag color={STATE_COLOR[run.state]} data-testid="script-run-state" data-state={run.state}>
            {t(`scripts.run.state.${run.state}`)}
          </Tag>
        </Space>
        <Progress
          percent={percent}
          status={run.state === 'failed' ? 'exception' : GOING_ON.includes(run.state) ? 'active' : 'normal'}
          format={() => t('scripts.run.progress', { done: run.done, total: run.total })}
          data-testid="script-run-progress"
        />
        <OutcomeTags run={run} />
        <Descriptions size="small" column={1} bordered>
          <Descriptions.Item label={t('scripts.list.user')}>
            {t('scripts.run.by', { username: run.username, time: formatTime(run.startedAt ?? run.createdAt, lang) })}
          </Descriptions.Item>
          <Descriptions.Item label={t('scripts.run.inputs')}>
            <span data-testid="script-run-inputs">
              {Object.entries(run.input)
                .map(
                  ([k, v]) =>
                    `${isInputName(k) ? t(`scripts.input.${k}`) : k}: ${Array.isArray(v) ? v.join(', ') : v === null ? '–' : String(v)}`,
                )
                .join(' · ')}
            </span>
          </Descriptions.Item>
        </Descriptions>
        {run.error && <Typography.Text type="danger">{serverMessage(lang, run.error as MessageKey)}</Typography.Text>}
        <Space wrap>
          {run.secrets && <SecretsButton runId={run.id} onRead={() => void query.refetch()} />}
          {run.undoable && (
            <Button icon={<UndoOutlined />} onClick={undo} data-testid="script-undo">
              {t('scripts.run.undo')}
            </Button>
          )}
          <ExportButton
            testId="script-run-export"
            label={t('scripts.flow.download')}
            body={{ kind: 'script-items', filter: { runId: run.id } }}
          />
          <WriteToOwners run={run} />
          {extra}
        </Space>
        {run.noUndo && !run.undoable && (
          <Typography.Text type="secondary" data-testid="script-no-undo">
            {serverMessage(lang, run.noUndo as MessageKey)}
          </Typography.Text>
        )}
        <ItemTable run={run} outcomes={ITEM_OUTCOMES.filter((o: ItemOutcome) => (run.counts[o] ?? 0) > 0)} />
      </Space>
    </div>
  );
}
