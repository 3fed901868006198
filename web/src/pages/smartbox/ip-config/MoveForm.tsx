import { Alert, App, Button, Card, Form, Input, InputNumber, Radio, Select, Space, Table, Tag, Typography } from 'antd';
import { api, type MoveBody, type MovePreview } from '@dms/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { call, endpointQuery } from '@/api/call';
import { BoxIdInput } from '@/components/forms/BoxIdInput';
import { useSubmit } from '@/components/forms/useSubmit';
import { boxPath } from '@/features/devices/links';
import { useI18n } from '@/i18n';

interface MoveForm {
  target: string;
  mode: 'list' | 'range' | 'filter';
  list: string;
  from: number | null;
  to: number | null;
  boxType: string | undefined;
  told: string;
  fallback: number;
}

/** The numbers of a typed list: digits separated by anything else. */
const numbersOf = (text: string) => (text.match(/\d+/g) ?? []).map(Number);

function bodyOf(v: MoveForm): MoveBody & { fallback: number } {
  const select =
    v.mode === 'list'
      ? { boxIds: numbersOf(v.list) }
      : v.mode === 'range'
        ? { from: v.from ?? 0, to: v.to ?? 0 }
        : { ...(v.boxType ? { boxType: v.boxType } : {}), ...(v.told.trim() ? { told: v.told.trim() } : {}) };
  return { target: v.target.trim(), select, fallback: v.fallback };
}

/** Reads a move changes: the moves, the server-IP table, the commands. */
const MOVE_READS = [api.smartbox.moves, api.smartbox.serverIps, api.smartbox.list];

/**
 * The move form (/smartbox/ip-config): the new address, the boxes by a list, a range or a filter (box type and/or the
 * address they are told now), and the fallback time. "Show the boxes" asks the server what the move would take
 * (nothing sent); the move then starts for exactly those.
 */
export function MoveForm() {
  const { t } = useI18n();
  const { message } = App.useApp();
  const [form] = Form.useForm<MoveForm>();
  const mode = Form.useWatch('mode', form);
  const types = useQuery({ ...endpointQuery(api.boxRegInfo.boxTypes), staleTime: 60_000 });
  const [preview, setPreview] = useState<{ body: ReturnType<typeof bodyOf>; result: MovePreview } | null>(null);
  const show = useSubmit(async (v: MoveForm) => {
    const body = bodyOf(v);
    setPreview({
      body,
      result: await call(api.smartbox.movePreview, { body: { target: body.target, select: body.select } }, { errorDisplay: 'none' }),
    });
  });
  const move = useSubmit(
    async () => {
      if (!preview) return;
      const started = await call(api.smartbox.startMove, { body: preview.body }, { errorDisplay: 'none' });
      void message.success(t('moves.form.started', { count: started.boxes, sent: started.sent, queued: started.queued }));
      setPreview(null);
    },
    { invalidates: MOVE_READS },
  );
  const error = show.error ?? move.error;
  const result = preview?.result;

  return (
    <Card title={t('moves.form.title')} data-testid="move-form">
      <Typography.Paragraph type="secondary">{t('moves.form.help')}</Typography.Paragraph>
      <Form<MoveForm>
        form={form}
        layout="vertical"
        requiredMark={false}
        style={{ maxWidth: 600 }}
        initialValues={{ target: '', mode: 'list', list: '', from: null, to: null, boxType: undefined, told: '', fallback: 120 }}
        onFinish={(v) => void show.run(v)}
        onValuesChange={() => {
          setPreview(null);
          show.clearError();
          move.clearError();
        }}
      >
        <Form.Item
          name="target"
          label={t('moves.form.target')}
          rules={[{ required: true, whitespace: true, message: t('moves.form.targetNeeded') }]}
        >
          <Input data-testid="move-target" placeholder={t('moves.form.targetPlaceholder')} maxLength={270} autoComplete="off" />
        </Form.Item>
        <Form.Item name="mode" label={t('moves.form.which')}>
          <Radio.Group data-testid="move-mode">
            <Radio value="list">{t('moves.form.byList')}</Radio>
            <Radio value="range">{t('moves.form.byRange')}</Radio>
            <Radio value="filter">{t('moves.form.byFilter')}</Radio>
          </Radio.Group>
        </Form.Item>
        {mode === 'range' ? (
          <Space.Compact block>
            <Form.Item name="from" label={t('moves.form.from')} style={{ flex: 1 }}>
              <BoxIdInput data-testid="move-from" />
            </Form.Item>
            <Form.Item name="to" label={t('moves.form.to')} style={{ flex: 1 }}>
              <BoxIdInput data-testid="move-to" />
            </Form.Item>
          </Space.Compact>
        ) : mode === 'filter' ? (
          <Space wrap style={{ width: '100%' }}>
            <Form.Item name="boxType" label={t('moves.form.boxType')}>
              <Select<string>
                data-testid="move-box-type"
                allowClear
                showSearch
                style={{ width: 200 }}
                options={(types.data ?? []).map((x) => ({ value: x, label: x }))}
              />
            </Form.Item>
            <Form.Item name="told" label={t('moves.form.told')}>
              <Input data-testid="move-told" placeholder={t('moves.form.toldPlaceholder')} style={{ width: 240 }} maxLength={262} />
            </Form.Item>
          </Space>
        ) : (
          <Form.Item name="list" label={t('moves.form.list')} extra={t('moves.form.listHelp')}>
            <Input.TextArea data-testid="move-list" rows={3} />
          </Form.Item>
        )}
        <Form.Item name="fallback" label={t('moves.form.fallback')} extra={t('moves.form.fallbackHelp')}>
          <InputNumber<number> data-testid="move-fallback" min={10} max={3600} precision={0} style={{ width: 160 }} />
        </Form.Item>
        {error && <Alert type="error" title={error} showIcon role="alert" data-testid="move-error" className="dms-form-alert" />}
        <Button htmlType="submit" loading={show.busy} data-testid="move-preview">
          {t('moves.form.preview')}
        </Button>
      </Form>
      {result && (
        <div data-testid="move-result" style={{ marginTop: 24 }}>
          <Typography.Paragraph data-testid="move-summary">
            {t('moves.form.summary', { count: result.boxes, target: result.target, online: result.online })}
            {result.already > 0 && ` ${t('moves.form.already', { count: result.already, target: result.target })}`}
            {result.moving > 0 && ` ${t('moves.form.moving', { count: result.moving })}`}
          </Typography.Paragraph>
          <Table
            size="small"
            rowKey="boxId"
            data-testid="move-boxes"
            dataSource={result.first}
            pagination={false}
            scroll={{ x: 480 }}
            columns={[
              {
                key: 'boxId',
                title: t('moves.form.box'),
                dataIndex: 'boxId',
                width: 140,
                render: (v: number) => <Link to={boxPath(v)}>{v}</Link>,
              },
              { key: 'told', title: t('moves.form.toldNow'), dataIndex: 'told', width: 220, render: (v: string | null) => v ?? '—' },
              {
                key: 'online',
                title: t('moves.form.online'),
                width: 120,
                render: (_: unknown, r) => (
                  <Tag color={r.online ? 'success' : 'default'}>{t(r.online ? 'moves.form.online' : 'moves.form.offline')}</Tag>
                ),
              },
            ]}
          />
          <Button
            type="primary"
            disabled={result.boxes === 0}
            loading={move.busy}
            data-testid="move-submit"
            onClick={() => void move.run()}
            style={{ marginTop: 16 }}
          >
            {t('moves.form.submit', { count: result.boxes })}
          </Button>
        </div>
      )}
    </Card>
  );
}
