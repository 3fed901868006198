import { ExperimentOutlined } from '@ant-design/icons';
import { Alert, Button, Card, DatePicker, Flex, Form, Select, Space, Table, Typography, type TableColumnsType } from 'antd';
import { api, Code, MAX_REPLAY_MS, primaryLeaf, validationIssue, type RegisterDef, type ReplayResult, type RuleInput } from '@dms/contract';
import { LineChart } from 'echarts/charts';
import { DataZoomComponent, GridComponent, MarkAreaComponent, TooltipComponent } from 'echarts/components';
import type { EChartsCoreOption } from 'echarts/core';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { z } from 'zod';
import { call } from '@/api/call';
import { isApiError } from '@/api/client';
import { EChart, registerECharts } from '@/components/EChart';
import { useI18n } from '@/i18n';
import { formatTime } from '@/lib/format-time';
import { durationWords, numberWords, registerWords } from '../words';
import { DeviceSelect } from '@/features/devices/TypeDeviceSelect';

registerECharts([LineChart, GridComponent, TooltipComponent, MarkAreaComponent, DataZoomComponent]);

const WINDOWS = ['day', 'week', 'month', 'custom'] as const;
type ReplayWindow = (typeof WINDOWS)[number];
const WINDOW_MS: Record<Exclude<ReplayWindow, 'custom'>, number> = { day: 86_400_000, week: 7 * 86_400_000, month: MAX_REPLAY_MS };

const issuesOf = z.object({ issues: z.array(validationIssue) });

/** What a test answered, with the rule and window it ran on. */
interface Tested {
  result: ReplayResult;
  from: number;
  to: number;
  register: number | null;
}

type ReplayEvent = ReplayResult['events'][number];

export interface ReplayPanelProps {
  typeId: number | null;
  registers: readonly RegisterDef[];
  /** Checks the rule as built and answers its body (null: its problems are now shown on the form's fields). */
  check: () => RuleInput | null;
  /** The server's refusal of the rule's fields (paths without `rule.`), to show on the form. */
  onRuleIssues: (issues: ReadonlyArray<{ path: string; message: string }>) => boolean;
}

/**
 * Test against history: the rule as it is built (saved or not) run over one device of its type and a window of its
 * stored values (POST /events/replay): the primary register's values in a chart with each event as a band, the events
 * in a table (start, end or still active, duration, value at start, peak), how many snapshots were read, and a note
 * when the window held more than one test reads. Nothing is saved.
 */
export function ReplayPanel({ typeId, registers, check, onRuleIssues }: ReplayPanelProps) {
  const { t } = useI18n();
  const [deviceId, setDeviceId] = useState<number | null>(null);
  const [span, setSpan] = useState<ReplayWindow>('day');
  const [custom, setCustom] = useState<{ from: number; to: number } | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fieldIssues, setFieldIssues] = useState<{ deviceId?: string; window?: string }>({});
  const [tested, setTested] = useState<Tested | null>(null);
  // A device of another type cannot be tested: the choice goes with the type.
  const [typeSeen, setTypeSeen] = useState(typeId);
  if (typeSeen !== typeId) {
    setTypeSeen(typeId);
    setDeviceId(null);
    setTested(null);
  }

  const run = async () => {
    setError(null);
    setFieldIssues({});
    const rule = check();
    if (!rule) return;
    if (deviceId === null) {
      setFieldIssues({ deviceId: t('events.replay.chooseDevice') });
      return;
    }
    const now = Date.now();
    const range = span === 'custom' ? custom : { from: now - WINDOW_MS[span], to: now };
    if (!range) {
      setFieldIssues({ window: t('events.replay.chooseWindow') });
      return;
    }
    setBusy(true);
    try {
      const result = await call(api.events.replay, { body: { rule, deviceId, ...range } }, { errorDisplay: 'none' });
      setTested({ result, ...range, register: primaryLeaf(rule.condition)?.register ?? null });
    } catch (e) {
      if (!isApiError(e)) throw e;
      if (e.kind === 'loggedOut' || e.kind === 'aborted') return;
      if (e.code === Code.VALIDATION_FAILED) {
        const parsed = issuesOf.safeParse(e.data);
        const issues = parsed.success ? parsed.data.issues : [];
        const ruleIssues = issues.filter((i) => i.path.startsWith('rule.')).map((i) => ({ ...i, path: i.path.slice('rule.'.length) }));
        const mine = {
          deviceId: issues.find((i) => i.path === 'deviceId')?.message,
          window: issues.find((i) => i.path === 'from' || i.path === 'to')?.message,
        };
        const shown = onRuleIssues(ruleIssues);
        setFieldIssues(mine);
        // What is said at its field is not said again above the result.
        if (shown || mine.deviceId || mine.window) return;
      }
      setError(e.message || t('common.state.hasError'));
    } finally {
      setBusy(false);
    }
  };

  const picked = (dates: null | [Dayjs | null, Dayjs | null]) => {
    const [start, end] = dates ?? [null, null];
    setFieldIssues((f) => ({ ...f, window: undefined }));
    setCustom(start && end && end.valueOf() > start.valueOf() ? { from: start.valueOf(), to: end.valueOf() } : null);
  };

  return (
    <Card
      size="small"
      title={
        <Space>
          <ExperimentOutlined />
          {t('events.replay.title')}
        </Space>
      }
      data-testid="replay"
    >
      <Typography.Paragraph type="secondary">{t('events.replay.help')}</Typography.Paragraph>
      <Flex wrap gap={12} align="flex-start">
        <Form.Item
          label={t('events.replay.device')}
          validateStatus={fieldIssues.deviceId ? 'error' : undefined}
          help={fieldIssues.deviceId}
          style={{ marginBottom: 8 }}
        >
          <DeviceSelect
            typeId={typeId}
            value={deviceId}
            onChange={(id) => {
              setDeviceId(id);
              setFieldIssues((f) => ({ ...f, deviceId: undefined }));
            }}
            placeholder={typeId === null ? t('events.form.chooseTypeFirst') : t('events.replay.devicePlaceholder')}
            data-testid="replay-device"
            aria-label={t('events.replay.device')}
          />
        </Form.Item>
        <Form.Item
          label={t('events.replay.window')}
          validateStatus={fieldIssues.window ? 'error' : undefined}
          help={fieldIssues.window}
          style={{ marginBottom: 8, maxWidth: '100%' }}
        >
          <Space wrap>
            <Select<ReplayWindow>
              style={{ minWidth: 150, maxWidth: '100%' }}
              value={span}
              aria-label={t('events.replay.window')}
              data-testid="replay-window"
              onChange={(w) => {
                setSpan(w);
                setFieldIssues((f) => ({ ...f, window: undefined }));
                if (w === 'custom' && !custom) {
                  const to = Date.now();
                  setCustom({ from: to - WINDOW_MS.day, to });
                }
              }}
              options={WINDOWS.map((w) => ({ value: w, label: t(`events.replay.windows.${w}`) }))}
            />
            {span === 'custom' && (
              <DatePicker.RangePicker
                showTime={{ format: 'HH:mm' }}
                format="YYYY-MM-DD HH:mm"
                value={custom ? [dayjs(custom.from), dayjs(custom.to)] : null}
                onChange={picked}
                data-testid="replay-range"
                aria-label={t('events.replay.windows.custom')}
              />
            )}
          </Space>
        </Form.Item>
        <Form.Item label=" " colon={false} style={{ marginBottom: 8 }}>
          <Button type="primary" ghost loading={busy} disabled={typeId === null} data-testid="rule-test" onClick={() => void run()}>
            {t('events.replay.run')}
          </Button>
        </Form.Item>
      </Flex>
      {error && <Alert type="error" showIcon role="alert" title={error} data-testid="replay-error" style={{ marginBottom: 12 }} />}
      {tested && <ReplayView tested={tested} registers={registers} />}
      {!tested && !error && (
        <Typography.Text type="secondary" data-testid="replay-empty">
          {t('events.replay.notRun')}
        </Typography.Text>
      )}
    </Card>
  );
}

/** A test's answer: the snapshots read, the chart with the events as bands, and the events. */
function ReplayView({ tested, registers }: { tested: Tested; registers: readonly RegisterDef[] }) {
  const { t, lang } = useI18n();
  const { result, from, to, register } = tested;
  const def = registers.find((r) => r.number === register);
  const unit = def?.unit ?? '';
  const registerName = registerWords(register, { t, lang, registers });

  const option = useMemo<EChartsCoreOption>(
    () => ({
      tooltip: { trigger: 'axis' },
      grid: { left: 8, right: 16, top: 24, bottom: 40, containLabel: true },
      xAxis: { type: 'time', min: from, max: to },
      yAxis: { type: 'value', scale: true, name: unit || undefined },
      dataZoom: [{ type: 'inside' }, { type: 'slider', height: 18, bottom: 8 }],
      series: [
        {
          name: registerName,
          type: 'line',
          showSymbol: false,
          data: result.series,
          markArea: {
            silent: true,
            itemStyle: { color: 'rgba(255, 77, 79, 0.15)' },
            data: result.events.map((e) => [{ xAxis: e.startedAt }, { xAxis: e.endedAt ?? to }]),
          },
        },
      ],
    }),
    [result, from, to, unit, registerName],
  );

  const columns = useMemo<TableColumnsType<ReplayEvent>>(() => {
    const withUnit = (v: number | null) => (v === null ? '—' : unit ? `${numberWords(v, lang)} ${unit}` : numberWords(v, lang));
    return [
      { key: 'start', title: t('events.replay.column.start'), width: 180, render: (_: unknown, e) => formatTime(e.startedAt, lang) },
      {
        key: 'end',
        title: t('events.replay.column.end'),
        width: 180,
        render: (_: unknown, e) => (e.endedAt === null ? t('events.replay.stillActive') : formatTime(e.endedAt, lang)),
      },
      {
        key: 'duration',
        title: t('events.replay.column.duration'),
        width: 140,
        render: (_: unknown, e) => durationWords(((e.endedAt ?? to) - e.startedAt) / 1000, lang),
      },
      { key: 'startValue', title: t('events.replay.column.startValue'), width: 130, render: (_: unknown, e) => withUnit(e.startValue) },
      { key: 'peak', title: t('events.replay.column.peak'), width: 130, render: (_: unknown, e) => withUnit(e.peak) },
    ];
  }, [t, lang, to, unit]);

  return (
    <Space
      orientation="vertical"
      size={12}
      style={{ width: '100%' }}
      data-testid="replay-result"
      data-samples={result.samples}
      data-events={result.events.length}
      data-truncated={String(result.truncated)}
    >
      <Typography.Text data-testid="replay-samples">
        {t('events.replay.samples', { samples: result.samples })} · {t('events.replay.events', { count: result.events.length })}
      </Typography.Text>
      {result.truncated && <Alert type="warning" showIcon title={t('events.replay.truncated')} data-testid="replay-truncated" />}
      {result.series.length > 0 ? (
        <EChart
          option={option}
          notMerge
          height={280}
          data-testid="replay-chart"
          aria-label={t('events.replay.chartLabel', { register: registerName })}
        />
      ) : (
        <Typography.Text type="secondary">{t('events.replay.noSeries')}</Typography.Text>
      )}
      <Table<ReplayEvent>
        size="small"
        rowKey="startedAt"
        columns={columns}
        dataSource={result.events}
        pagination={result.events.length > 10 ? { pageSize: 10 } : false}
        locale={{ emptyText: t('events.replay.noEvents') }}
        data-testid="replay-events"
        scroll={{ x: 760 }}
      />
    </Space>
  );
}
