import { App, Button, Form, Input, Space, Tag, Typography, type TableColumnsType } from 'antd';
import { FileTextOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { api, BOX_TYPE_NAME, type BoxTypeRow } from '@dms/contract';
import { useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { call, endpointQuery } from '@/api/call';
import { FormModal } from '@/components/forms/FormModal';
import { useSubmit } from '@/components/forms/useSubmit';
import { ListPage } from '@/components/list-page/ListPage';
import { QuerySearch } from '@/components/list-page/QuerySearch';
import { RefreshButton } from '@/components/list-page/RefreshButton';
import { tableWidth } from '@/components/list-page/table-width';
import { useListState } from '@/components/list-page/useListState';
import { usePagedQuery } from '@/components/list-page/usePagedQuery';
import { useI18n } from '@/i18n';
import { formatTime } from '@/lib/format-time';
import { boxConfigProtocolPath, boxConfigUploadPath } from '../paths';

/**
 * The box types (root), A to Z: each with its configuration's version and size, how many boxes are registered as it,
 * and the way to its configuration (upload, in the user's language first) and its protocol document. Kept by the
 * page, not the URL (the images list beside it keeps its own filters there).
 */
export function BoxTypeList() {
  const { t, lang } = useI18n();
  const list = useListState<{ q: string | undefined }>({ q: undefined });
  const { filter, page, pageSize } = list.params;
  const rows = usePagedQuery(
    endpointQuery(api.smartbox.boxTypes, { query: { ...(filter.q ? { q: filter.q } : {}), page, page_size: pageSize } }),
  );
  const [adding, setAdding] = useState(false);

  const columns = useMemo<TableColumnsType<BoxTypeRow>>(
    () => [
      {
        key: 'code',
        title: t('boxTypes.list.code'),
        width: 150,
        render: (_: unknown, r) => <span data-testid={`box-type-${r.code}`}>{r.code}</span>,
      },
      {
        key: 'version',
        title: t('boxTypes.list.version'),
        width: 120,
        render: (_: unknown, r) =>
          r.version > 0 ? (
            <Tag data-testid={`box-type-version-${r.code}`}>v{r.version}</Tag>
          ) : (
            <Typography.Text type="secondary" data-testid={`box-type-version-${r.code}`}>
              {t('boxTypes.list.none')}
            </Typography.Text>
          ),
      },
      { key: 'params', title: t('boxTypes.list.params'), dataIndex: 'params', width: 100 },
      { key: 'boxes', title: t('boxTypes.list.boxes'), dataIndex: 'boxes', width: 100 },
      {
        key: 'saved',
        title: t('boxTypes.list.saved'),
        width: 180,
        render: (_: unknown, r) =>
          r.version > 0 ? (
            <>
              <div>{formatTime(r.updatedAt, lang)}</div>
              <Typography.Text type="secondary">{r.updatedBy ?? t('boxTypes.list.release')}</Typography.Text>
            </>
          ) : (
            '—'
          ),
      },
      {
        key: 'actions',
        title: '',
        width: 230,
        render: (_: unknown, r) => (
          <Space size={0} wrap>
            <Link to={boxConfigUploadPath(r.id, lang)}>
              <Button type="link" icon={<UploadOutlined />} data-testid={`box-type-configure-${r.code}`}>
                {t('boxTypes.list.configure')}
              </Button>
            </Link>
            {r.version > 0 && (
              <Link to={boxConfigProtocolPath(r.id, lang)}>
                <Button type="link" icon={<FileTextOutlined />} data-testid={`box-type-protocol-${r.code}`}>
                  {t('boxTypes.list.protocol')}
                </Button>
              </Link>
            )}
          </Space>
        ),
      },
    ],
    [t, lang],
  );

  return (
    <ListPage
      title={t('boxTypes.list.title')}
      extra={
        <Space wrap>
          <Button
            icon={<PlusOutlined />}
            data-testid="box-type-new"
            onClick={() => {
              setAdding(true);
            }}
          >
            {t('boxTypes.list.new')}
          </Button>
          <RefreshButton onClick={rows.reload} testId="box-types-reload" />
          <NewBoxType
            open={adding}
            onClose={() => {
              setAdding(false);
            }}
          />
        </Space>
      }
      toolbar={
        <div className="dms-toolbar">
          <Typography.Paragraph type="secondary">{t('boxTypes.list.help')}</Typography.Paragraph>
          <QuerySearch list={list} label={t('boxTypes.list.search')} testId="box-types-search" width={200} maxLength={32} />
        </div>
      }
      list={list}
      page={rows}
      columns={columns}
      data-testid="box-types-table"
      rowKey="id"
      scroll={{ x: tableWidth(columns) }}
      showTotal={(total) => t('boxTypes.list.total', { total })}
    />
  );
}

/** "New box type": its code as boxes name it; added with no configuration, whose upload then opens. */
function NewBoxType({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t, lang } = useI18n();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [form] = Form.useForm<{ code: string }>();
  const { run, busy, error, clearError } = useSubmit(
    async ({ code }: { code: string }) => {
      const { id } = await call(api.smartbox.createBoxType, { body: { code: code.trim() } }, { errorDisplay: 'none' });
      void message.success(t('boxTypes.list.added', { code: code.trim() }));
      onClose();
      void navigate(boxConfigUploadPath(id, lang));
    },
    { invalidates: [api.smartbox.boxTypes, api.boxRegInfo.boxTypes] },
  );
  return (
    <FormModal<{ code: string }>
      open={open}
      title={t('boxTypes.list.new')}
      okText={t('boxTypes.list.add')}
      okTestId="box-type-add"
      busy={busy}
      form={form}
      initialValues={{ code: '' }}
      onFinish={(v) => void run(v)}
      onChange={clearError}
      onCancel={onClose}
    >
      <Form.Item
        name="code"
        label={t('boxTypes.list.code')}
        extra={t('boxTypes.list.codeHelp')}
        rules={[{ required: true, pattern: BOX_TYPE_NAME, message: t('boxTypes.list.codeBad') }]}
        {...(error ? { help: error, validateStatus: 'error' as const } : {})}
      >
        <Input data-testid="box-type-code" maxLength={32} autoComplete="off" />
      </Form.Item>
    </FormModal>
  );
}
