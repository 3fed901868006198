import { Alert, App, Button, Card, Form, Input, Radio, Select, Space, Table, Typography } from 'antd';
import { api, type BoxAssignBody, type BoxAssignPreview } from '@dms/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { call, endpointQuery } from '@/api/call';
import { BoxIdInput } from '@/components/forms/BoxIdInput';
import { useSubmit } from '@/components/forms/useSubmit';
import { boxPath } from '@/features/devices/links';
import { useI18n } from '@/i18n';
import { useDebounced } from '@/lib/useDebounced';

interface AssignForm {
  userId: number | null;
  mode: 'range' | 'list';
  from: number | null;
  to: number | null;
  list: string;
}

/** The numbers of a typed list: digits separated by anything else. */
const numbersOf = (text: string) => (text.match(/\d+/g) ?? []).map(Number);

function bodyOf(v: AssignForm): BoxAssignBody {
  const userId = v.userId ?? 0;
  return v.mode === 'range' ? { userId, from: v.from ?? 0, to: v.to ?? 0 } : { userId, boxIds: numbersOf(v.list) };
}

/**
 * /smartbox/box-assign (limited_admin only; spec 6, issue 23): boxes named by a range of numbers or a list go to a
 * manufacturer's, distributor's or manager's account with their devices. The server first shows which boxes would move
 * (who holds them, how many devices), which the account holds already and which numbers have no box; the assignment
 * then moves them in one go.
 */
export default function BoxAssignPage() {
  const { t } = useI18n();
  const { message } = App.useApp();
  const [form] = Form.useForm<AssignForm>();
  const mode = Form.useWatch('mode', form);
  const [search, setSearch] = useState('');
  const q = useDebounced(search, 300);
  const accounts = useQuery(endpointQuery(api.smartbox.assignAccounts, { query: { q } }));
  const [preview, setPreview] = useState<{ body: BoxAssignBody; result: BoxAssignPreview } | null>(null);
  const show = useSubmit(async (v: AssignForm) => {
    const body = bodyOf(v);
    setPreview({ body, result: await call(api.smartbox.assignPreview, { body }, { errorDisplay: 'none' }) });
  });
  const assign = useSubmit(async () => {
    if (!preview) return;
    const done = await call(api.smartbox.assign, { body: preview.body }, { errorDisplay: 'none' });
    void message.success(t('smartbox.assign.done', done));
    setPreview(null);
  });
  const error = show.error ?? assign.error;
  const result = preview?.result;

  return (
    <Card title={t('smartbox.route.boxAssign')} data-testid="box-assign">
      <Typography.Paragraph type="secondary">{t('smartbox.assign.help')}</Typography.Paragraph>
      <Form<AssignForm>
        form={form}
        layout="vertical"
        requiredMark={false}
        style={{ maxWidth: 560 }}
        initialValues={{ userId: null, mode: 'range', from: null, to: null, list: '' }}
        onFinish={(v) => void show.run(v)}
        onValuesChange={() => {
          setPreview(null);
          show.clearError();
          assign.clearError();
        }}
      >
        <Form.Item
          name="userId"
          label={t('smartbox.assign.account')}
          rules={[{ required: true, message: t('smartbox.assign.accountNeeded') }]}
        >
          <Select<number>
            data-testid="box-assign-account"
            showSearch={{ filterOption: false, onSearch: setSearch }}
            loading={accounts.isFetching}
            placeholder={t('smartbox.assign.accountSearch')}
            options={(accounts.data ?? []).map((a) => ({ value: a.id, label: a.name ? `${a.username} (${a.name})` : a.username }))}
          />
        </Form.Item>
        <Form.Item name="mode" label={t('smartbox.assign.which')}>
          <Radio.Group data-testid="box-assign-mode">
            <Radio value="range">{t('smartbox.assign.byRange')}</Radio>
            <Radio value="list">{t('smartbox.assign.byList')}</Radio>
          </Radio.Group>
        </Form.Item>
        {mode === 'list' ? (
          <Form.Item name="list" label={t('smartbox.assign.list')} extra={t('smartbox.assign.listHelp')}>
            <Input.TextArea data-testid="box-assign-list" rows={4} />
          </Form.Item>
        ) : (
          <Space.Compact block>
            <Form.Item name="from" label={t('smartbox.assign.from')} style={{ flex: 1 }}>
              <BoxIdInput data-testid="box-assign-from" />
            </Form.Item>
            <Form.Item name="to" label={t('smartbox.assign.to')} style={{ flex: 1 }}>
              <BoxIdInput data-testid="box-assign-to" />
            </Form.Item>
          </Space.Compact>
        )}
        {error && <Alert type="error" title={error} showIcon role="alert" data-testid="box-assign-error" className="dms-form-alert" />}
        <Button htmlType="submit" loading={show.busy} data-testid="box-assign-preview">
          {t('smartbox.assign.show')}
        </Button>
      </Form>
      {result && (
        <div data-testid="box-assign-result" style={{ marginTop: 24 }}>
          <Typography.Paragraph data-testid="box-assign-summary">
            {t('smartbox.assign.summary', { count: result.boxes.length, account: result.account.username })}
            {result.theirs.length > 0 && ` ${t('smartbox.assign.theirs', { count: result.theirs.length })}`}
            {result.unregisteredCount > 0 &&
              ` ${t('smartbox.assign.unregistered', { count: result.unregisteredCount, first: result.unregistered.slice(0, 5).join(', ') })}`}
          </Typography.Paragraph>
          <Table
            size="small"
            rowKey="boxId"
            data-testid="box-assign-boxes"
            dataSource={result.boxes}
            pagination={{ pageSize: 10, hideOnSinglePage: true, showSizeChanger: false }}
            scroll={{ x: 560 }}
            columns={[
              {
                key: 'boxId',
                title: t('smartbox.assign.box'),
                dataIndex: 'boxId',
                width: 130,
                render: (v: number) => <Link to={boxPath(v)}>{v}</Link>,
              },
              { key: 'company', title: t('smartbox.assign.company'), dataIndex: 'company', width: 200, ellipsis: true },
              { key: 'owner', title: t('smartbox.assign.owner'), dataIndex: 'owner', width: 150 },
              { key: 'devices', title: t('smartbox.assign.devices'), dataIndex: 'devices', width: 100 },
            ]}
          />
          <Button
            type="primary"
            danger
            disabled={result.boxes.length === 0}
            loading={assign.busy}
            data-testid="box-assign-submit"
            onClick={() => void assign.run()}
            style={{ marginTop: 16 }}
          >
            {t('smartbox.assign.submit', { count: result.boxes.length, account: result.account.username })}
          </Button>
        </div>
      )}
    </Card>
  );
}
