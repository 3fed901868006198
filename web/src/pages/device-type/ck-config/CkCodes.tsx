import { Button, Form, Input, Space, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { api, type CkListQuery, type CkRow } from '@dms/contract';
import { App } from 'antd';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { call, endpointQuery } from '@/api/call';
import { FormModal } from '@/components/forms/FormModal';
import { useSubmit } from '@/components/forms/useSubmit';
import { DeleteRowButton } from '@/components/list-page/DeleteRowButton';
import { textParam, type ListParams, type ListSpec } from '@/components/list-page/list-params';
import { ListPage } from '@/components/list-page/ListPage';
import { RefreshButton } from '@/components/list-page/RefreshButton';
import { QuerySearch } from '@/components/list-page/QuerySearch';
import { tableWidth, wideOnly } from '@/components/list-page/table-width';
import { useListParams } from '@/components/list-page/useListParams';
import { usePagedQuery } from '@/components/list-page/usePagedQuery';
import { useI18n } from '@/i18n';
import { formatTime } from '@/lib/format-time';
import { useAppState } from '@/settings/app-state';
import { ckModelPath } from '../paths';
import { GenerateModal } from './GenerateModal';
import { CK_READS } from '@/features/box-ck/reads';

interface CkFilter {
  q: string | undefined;
}

/** The URL keeps the search (`?q=1333`) with the page. */
const CK_LIST: ListSpec<CkFilter> = { filter: { q: textParam(64) } };

function ckListQuery({ filter, page, pageSize }: ListParams<CkFilter>): CkListQuery {
  return { ...(filter.q ? { q: filter.q } : {}), page, page_size: pageSize };
}

/** A code being added (null ck) or its company changed. */
type Editing = { ck: null } | { ck: string; company: string };

/**
 * The CK codes: searched by code or company, each with the types its boxes' devices may take (or any), its boxes and
 * users, and how many devices it refuses a type; added, its company changed, its types chosen on its model page,
 * deleted when nothing carries it; and the mappings generated in bulk.
 */
export function CkCodes() {
  const { t, lang } = useI18n();
  const mobile = useAppState((st) => st.device === 'mobile');
  const list = useListParams(CK_LIST);
  const rows = usePagedQuery(endpointQuery(api.ck.list, { query: ckListQuery(list.params) }));
  const [editing, setEditing] = useState<Editing | null>(null);
  const [generating, setGenerating] = useState(false);
  const onPage = rows.data.items.length;

  const columns = useMemo<TableColumnsType<CkRow>>(
    () => [
      {
        key: 'ck',
        title: t('ckConfig.ck'),
        width: 110,
        fixed: mobile ? undefined : 'left',
        render: (_: unknown, r) => (
          <Link to={ckModelPath(r.ck)} data-testid={`ck-open-${r.ck}`}>
            <Typography.Text code>{r.ck}</Typography.Text>
          </Link>
        ),
      },
      { key: 'company', title: t('ckConfig.company'), dataIndex: 'company', width: 240, ellipsis: true },
      {
        key: 'types',
        title: t('ckConfig.types'),
        width: 280,
        render: (_: unknown, r) => (
          <Space size={[4, 4]} wrap data-testid={`ck-types-${r.ck}`}>
            {r.types.length === 0 ? (
              <Tag>{t('ckConfig.anyType')}</Tag>
            ) : (
              r.types.map((ty) => (
                <Tooltip key={ty.id} title={ty.code}>
                  <Tag color="blue">{ty.name[lang]}</Tag>
                </Tooltip>
              ))
            )}
          </Space>
        ),
      },
      { key: 'boxes', title: t('ckConfig.boxes'), dataIndex: 'boxes', width: 90 },
      { key: 'users', title: t('ckConfig.users'), dataIndex: 'users', width: 90 },
      {
        key: 'refused',
        title: t('ckConfig.refused'),
        width: 130,
        render: (_: unknown, r) =>
          r.refused > 0 ? (
            <Tooltip title={t('ckConfig.refusedHint', { count: r.refused })}>
              <Tag color="red" data-testid={`ck-refused-${r.ck}`}>
                {r.refused}
              </Tag>
            </Tooltip>
          ) : (
            <span data-testid={`ck-refused-${r.ck}`}>0</span>
          ),
      },
      {
        key: 'updatedAt',
        title: t('ckConfig.updated'),
        dataIndex: 'updatedAt',
        width: 170,
        render: (v: number) => formatTime(v, lang),
        ...wideOnly(mobile, 'xl'),
      },
      {
        key: 'actions',
        title: t('ckConfig.actions'),
        width: 200,
        fixed: mobile ? undefined : 'right',
        render: (_: unknown, r) => (
          <Space size={4}>
            <Link to={ckModelPath(r.ck)} data-testid={`ck-model-${r.ck}`}>
              {t('ckConfig.chooseTypes')}
            </Link>
            <Button
              type="link"
              size="small"
              data-testid={`ck-edit-${r.ck}`}
              onClick={() => {
                setEditing({ ck: r.ck, company: r.company });
              }}
            >
              {t('ckConfig.edit')}
            </Button>
            <DeleteRowButton
              confirm={t('ckConfig.removeConfirm', { ck: r.ck })}
              label={t('ckConfig.remove')}
              testId={`ck-remove-${r.ck}`}
              okTestId="ck-remove-ok"
              remove={() => call(api.ck.remove, { params: { ck: r.ck } })}
              deleted={t('ckConfig.removed', { ck: r.ck })}
              invalidates={CK_READS}
              list={list}
              rowsOnPage={onPage}
            />
          </Space>
        ),
      },
    ],
    [t, lang, mobile, list, onPage],
  );

  return (
    <>
      <ListPage
        title={t('ckConfig.tabs.codes')}
        extra={
          <Space wrap>
            <RefreshButton onClick={rows.reload} testId="ck-reload" />
            <Button
              data-testid="ck-generate"
              onClick={() => {
                setGenerating(true);
              }}
            >
              {t('ckConfig.generate')}
            </Button>
            <Button
              type="primary"
              data-testid="ck-add"
              onClick={() => {
                setEditing({ ck: null });
              }}
            >
              {t('ckConfig.add')}
            </Button>
          </Space>
        }
        toolbar={
          <Space wrap className="dms-toolbar">
            <QuerySearch list={list} label={t('ckConfig.search')} testId="ck-search" />
          </Space>
        }
        list={list}
        page={rows}
        columns={columns}
        data-testid="ck-table"
        rowKey="ck"
        scroll={{ x: tableWidth(columns) }}
        showTotal={(total) => t('ckConfig.total', { total })}
      />
      <CkModal
        editing={editing}
        onClose={() => {
          setEditing(null);
        }}
      />
      <GenerateModal
        open={generating}
        onClose={() => {
          setGenerating(false);
        }}
      />
    </>
  );
}

interface CkForm {
  ck: string;
  company: string;
}

/** Adds a CK code with its company, or changes the company of one. */
function CkModal({ editing, onClose }: { editing: Editing | null; onClose: () => void }) {
  const { t } = useI18n();
  const { message } = App.useApp();
  const [form] = Form.useForm<CkForm>();
  const { busy, error, run, clearError } = useSubmit(
    async (values: CkForm) => {
      if (editing?.ck === null) {
        const row = await call(api.ck.create, { body: { ck: values.ck, company: values.company } }, { errorDisplay: 'none' });
        void message.success(t('ckConfig.added', { ck: row.ck }));
      } else if (editing) {
        await call(api.ck.update, { params: { ck: editing.ck }, body: { company: values.company } }, { errorDisplay: 'none' });
        void message.success(t('ckConfig.saved'));
      }
      onClose();
    },
    { invalidates: CK_READS },
  );
  if (!editing) return null;
  return (
    <FormModal<CkForm>
      open
      title={editing.ck === null ? t('ckConfig.add') : t('ckConfig.editTitle', { ck: editing.ck })}
      okText={t('ckConfig.save')}
      okTestId="ck-save"
      busy={busy}
      form={form}
      initialValues={editing.ck === null ? { ck: '', company: '' } : { ck: editing.ck, company: editing.company }}
      onFinish={(v) => void run(v)}
      onChange={clearError}
      onCancel={onClose}
    >
      <Form.Item name="ck" label={t('ckConfig.ck')}>
        <Input data-testid="ck-code" maxLength={4} inputMode="numeric" disabled={editing.ck !== null} />
      </Form.Item>
      <Form.Item name="company" label={t('ckConfig.company')} help={error ?? undefined} validateStatus={error ? 'error' : undefined}>
        <Input data-testid="ck-company" maxLength={128} />
      </Form.Item>
    </FormModal>
  );
}
