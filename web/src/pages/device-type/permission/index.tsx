import { Button, Form, Input, InputNumber, Space, Tag, type TableColumnsType } from 'antd';
import {
  api,
  LEVEL_MAX,
  LEVEL_MIN,
  TEMPLATE_SORTS,
  type TemplateDefaultWrite,
  type TemplateListQuery,
  type TemplateRow,
  type TemplateSort,
} from '@dms/contract';
import { useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { call, endpointQuery } from '@/api/call';
import { FormModal } from '@/components/forms/FormModal';
import { useSubmit } from '@/components/forms/useSubmit';
import { textParam, type ListParams, type ListSpec } from '@/components/list-page/list-params';
import { DeleteRowButton } from '@/components/list-page/DeleteRowButton';
import { ListPage } from '@/components/list-page/ListPage';
import { RefreshButton } from '@/components/list-page/RefreshButton';
import { QuerySearch } from '@/components/list-page/QuerySearch';
import { tableWidth } from '@/components/list-page/table-width';
import { useListParams } from '@/components/list-page/useListParams';
import { usePagedQuery } from '@/components/list-page/usePagedQuery';
import { defaultWriteLabel, levelLabel, templateName } from '@/features/templates/labels';
import { useI18n } from '@/i18n';
import { formatTime } from '@/lib/format-time';
import { useAppState } from '@/settings/app-state';
import { permissionModifyPath } from '../paths';

interface TemplateListFilter {
  q: string | undefined;
}

/** The URL keeps the name search and the sort (`?q=shift&sort=users&order=desc`) with the page; level then name by default. */
const TEMPLATE_LIST: ListSpec<TemplateListFilter, TemplateSort> = {
  filter: { q: textParam(64) },
  sort: { keys: TEMPLATE_SORTS, default: 'level' },
};

function templateListQuery({ filter, sort, order, page, pageSize }: ListParams<TemplateListFilter, TemplateSort>): TemplateListQuery {
  return { ...(filter.q ? { q: filter.q } : {}), sort: sort ?? 'level', order, page, page_size: pageSize };
}

/**
 * /device-type/permission (root): the permission templates, searched by name (a built-in one in any language) and
 * sorted on the server, how many users hold each, a new one, and deletion of one nobody holds. Editing the rights per
 * register is /device-type/permission/modify/{id}.
 */
export default function PermissionTemplatesPage() {
  const { t, lang } = useI18n();
  const mobile = useAppState((st) => st.device === 'mobile');
  const list = useListParams(TEMPLATE_LIST);
  const rows = usePagedQuery(endpointQuery(api.permissionTemplates.list, { query: templateListQuery(list.params) }));
  const [creating, setCreating] = useState(false);
  const onPage = rows.data.items.length;

  const columns = useMemo<TableColumnsType<TemplateRow>>(
    () => [
      {
        key: 'name',
        title: t('permissionTemplates.name'),
        width: 200,
        fixed: mobile ? undefined : 'left',
        render: (_: unknown, r) => (
          <Space size={4}>
            <Link to={permissionModifyPath(r.id)} data-testid={`template-open-${r.id}`}>
              {templateName(t, r)}
            </Link>
            {r.builtin && <Tag>{t('permissionTemplates.builtinTag')}</Tag>}
          </Space>
        ),
      },
      { key: 'level', title: t('permissionTemplates.level'), dataIndex: 'level', width: 140, render: (v: number) => levelLabel(t, v) },
      {
        key: 'defaults',
        title: t('permissionTemplates.defaults'),
        width: 260,
        render: (_: unknown, r) =>
          `${t(r.defaultRead ? 'permissionTemplates.readAll' : 'permissionTemplates.readNone')} · ${defaultWriteLabel(t, r.defaultWrite)}`,
      },
      { key: 'rights', title: t('permissionTemplates.namedRights'), dataIndex: 'rights', width: 120 },
      { key: 'users', title: t('permissionTemplates.users'), dataIndex: 'users', width: 100 },
      { key: 'remark', title: t('permissionTemplates.remark'), dataIndex: 'remark', width: 200, ellipsis: true },
      {
        key: 'updatedAt',
        title: t('permissionTemplates.updated'),
        dataIndex: 'updatedAt',
        width: 170,
        render: (v: number) => formatTime(v, lang),
      },
      {
        key: 'actions',
        title: t('permissionTemplates.actions'),
        width: 150,
        fixed: mobile ? undefined : 'right',
        render: (_: unknown, r) => (
          <Space size={4}>
            <Link to={permissionModifyPath(r.id)} data-testid={`template-edit-${r.id}`}>
              {t('permissionTemplates.edit')}
            </Link>
            {r.builtin === null && (
              <DeleteRowButton
                confirm={t('permissionTemplates.deleteConfirm', { name: r.name })}
                label={t('permissionTemplates.delete')}
                testId={`template-delete-${r.id}`}
                okTestId="template-delete-ok"
                remove={() => call(api.permissionTemplates.remove, { params: { id: r.id } })}
                deleted={t('permissionTemplates.deleted', { name: r.name })}
                invalidates={[api.permissionTemplates.list]}
                list={list}
                rowsOnPage={onPage}
              />
            )}
          </Space>
        ),
      },
    ],
    [t, lang, mobile, list, onPage],
  );

  return (
    <>
      <ListPage
        title={t('deviceType.route.permissionTemplates')}
        extra={
          <Space wrap>
            <RefreshButton onClick={rows.reload} testId="template-reload" />
            <Button
              type="primary"
              data-testid="template-new"
              onClick={() => {
                setCreating(true);
              }}
            >
              {t('permissionTemplates.new')}
            </Button>
          </Space>
        }
        toolbar={
          <Space wrap className="dms-toolbar">
            <QuerySearch list={list} label={t('permissionTemplates.search')} testId="template-search" width={260} />
          </Space>
        }
        list={list}
        page={rows}
        columns={columns}
        data-testid="template-table"
        rowKey="id"
        scroll={{ x: tableWidth(columns) }}
        showTotal={(total) => t('permissionTemplates.total', { total })}
      />
      <NewTemplateModal
        open={creating}
        onClose={() => {
          setCreating(false);
        }}
      />
    </>
  );
}

interface NewTemplate {
  name: string;
  level: number;
}

/** Names a new template and its level, then opens its editor (it starts reading everything and writing nothing). */
function NewTemplateModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useI18n();
  const navigate = useNavigate();
  const [form] = Form.useForm<NewTemplate>();
  const {
    busy,
    error,
    run: submit,
    clearError,
  } = useSubmit(
    async (values: NewTemplate) => {
      const defaultWrite: TemplateDefaultWrite = 'none';
      const { id } = await call(
        api.permissionTemplates.create,
        { body: { name: values.name, level: values.level, defaultRead: true, defaultWrite } },
        { errorDisplay: 'none' },
      );
      onClose();
      void navigate(permissionModifyPath(id));
    },
    { invalidates: [api.permissionTemplates.list] },
  );
  return (
    <FormModal<NewTemplate>
      open={open}
      title={t('permissionTemplates.new')}
      okText={t('permissionTemplates.create')}
      okTestId="template-new-ok"
      busy={busy}
      form={form}
      initialValues={{ name: '', level: 6 }}
      onFinish={(v) => void submit(v)}
      onChange={clearError}
      onCancel={onClose}
    >
      <Form.Item name="name" label={t('permissionTemplates.name')} help={error ?? undefined} validateStatus={error ? 'error' : undefined}>
        <Input data-testid="template-new-name" maxLength={64} />
      </Form.Item>
      <Form.Item name="level" label={t('permissionTemplates.level')} extra={t('permissionTemplates.levelHelp')}>
        <InputNumber data-testid="template-new-level" min={LEVEL_MIN} max={LEVEL_MAX} precision={0} style={{ width: 120 }} />
      </Form.Item>
    </FormModal>
  );
}
