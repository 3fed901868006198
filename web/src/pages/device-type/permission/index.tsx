import { App, Button, Card, Form, Input, InputNumber, Modal, Popconfirm, Space, Table, Tag, type TableColumnsType } from 'antd';
import { api, LEVEL_MAX, LEVEL_MIN, type TemplateDefaultWrite, type TemplateRow } from '@dms/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { call, endpointKey, endpointQuery } from '../../../api/call';
import { useSubmit } from '../../../components/forms/useSubmit';
import { RefreshButton } from '../../../components/list-page/RefreshButton';
import { defaultWriteLabel, levelLabel, templateName } from '../../../features/templates/labels';
import { useI18n } from '../../../i18n';
import { formatTime } from '../../../lib/format-time';
import { useAppState } from '../../../settings/app-state';
import { permissionModifyPath } from '../paths';

/**
 * /device-type/permission (root): the permission templates, how many users hold each, a new one, and deletion of one
 * nobody holds. Editing the rights per register is /device-type/permission/modify/{id}.
 */
export default function PermissionTemplatesPage() {
  const { t, lang } = useI18n();
  const { message } = App.useApp();
  const client = useQueryClient();
  const mobile = useAppState((st) => st.device === 'mobile');
  const templates = useQuery(endpointQuery(api.permissionTemplates.list, {}));
  const [creating, setCreating] = useState(false);
  const reload = useCallback(() => client.invalidateQueries({ queryKey: endpointKey(api.permissionTemplates.list) }), [client]);

  const columns = useMemo<TableColumnsType<TemplateRow>>(
    () => [
      {
        key: 'name',
        title: t('templates.name'),
        width: 200,
        fixed: mobile ? undefined : 'left',
        render: (_: unknown, r) => (
          <Space size={4}>
            <Link to={permissionModifyPath(r.id)} data-testid={`template-open-${r.id}`}>
              {templateName(t, r)}
            </Link>
            {r.builtin && <Tag>{t('templates.builtinTag')}</Tag>}
          </Space>
        ),
      },
      { key: 'level', title: t('templates.level'), dataIndex: 'level', width: 140, render: (v: number) => levelLabel(t, v) },
      {
        key: 'defaults',
        title: t('templates.defaults'),
        width: 260,
        render: (_: unknown, r) =>
          `${t(r.defaultRead ? 'templates.readAll' : 'templates.readNone')} · ${defaultWriteLabel(t, r.defaultWrite)}`,
      },
      { key: 'rights', title: t('templates.namedRights'), dataIndex: 'rights', width: 120 },
      { key: 'users', title: t('templates.users'), dataIndex: 'users', width: 100 },
      { key: 'remark', title: t('templates.remark'), dataIndex: 'remark', width: 200, ellipsis: true },
      { key: 'updatedAt', title: t('templates.updated'), dataIndex: 'updatedAt', width: 170, render: (v: number) => formatTime(v, lang) },
      {
        key: 'actions',
        title: t('templates.actions'),
        width: 150,
        fixed: mobile ? undefined : 'right',
        render: (_: unknown, r) => (
          <Space size={4}>
            <Link to={permissionModifyPath(r.id)} data-testid={`template-edit-${r.id}`}>
              {t('templates.edit')}
            </Link>
            {r.builtin === null && (
              <Popconfirm
                title={t('templates.deleteConfirm', { name: r.name })}
                okButtonProps={{ danger: true, 'data-testid': 'template-delete-ok' }}
                onConfirm={() =>
                  void call(api.permissionTemplates.remove, { params: { id: r.id } }).then(() => {
                    void message.success(t('templates.deleted', { name: r.name }));
                    void reload();
                  })
                }
              >
                <Button type="link" size="small" danger data-testid={`template-delete-${r.id}`}>
                  {t('templates.delete')}
                </Button>
              </Popconfirm>
            )}
          </Space>
        ),
      },
    ],
    [t, lang, message, mobile, reload],
  );

  return (
    <Card
      title={t('route.permissionTemplates')}
      extra={
        <Space wrap>
          <RefreshButton onClick={() => void reload()} testId="template-reload" />
          <Button
            type="primary"
            data-testid="template-new"
            onClick={() => {
              setCreating(true);
            }}
          >
            {t('templates.new')}
          </Button>
        </Space>
      }
    >
      <Table<TemplateRow>
        data-testid="template-table"
        rowKey="id"
        loading={templates.isFetching}
        columns={columns}
        dataSource={templates.data ?? []}
        pagination={false}
        scroll={{ x: 1340 }}
      />
      <NewTemplateModal
        open={creating}
        onClose={() => {
          setCreating(false);
        }}
      />
    </Card>
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
  } = useSubmit(async (values: NewTemplate) => {
    const defaultWrite: TemplateDefaultWrite = 'none';
    const { id } = await call(
      api.permissionTemplates.create,
      { body: { name: values.name, level: values.level, defaultRead: true, defaultWrite } },
      { errorDisplay: 'none' },
    );
    onClose();
    void navigate(permissionModifyPath(id));
  });
  return (
    <Modal
      open={open}
      title={t('templates.new')}
      okText={t('templates.create')}
      cancelText={t('common.action.cancel')}
      confirmLoading={busy}
      destroyOnHidden
      okButtonProps={{ 'data-testid': 'template-new-ok' }}
      onCancel={onClose}
      onOk={() => {
        form.submit();
      }}
    >
      <Form<NewTemplate>
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={{ name: '', level: 6 }}
        onFinish={(v) => void submit(v)}
        onValuesChange={() => {
          clearError();
        }}
      >
        <Form.Item name="name" label={t('templates.name')} help={error ?? undefined} validateStatus={error ? 'error' : undefined}>
          <Input data-testid="template-new-name" maxLength={64} />
        </Form.Item>
        <Form.Item name="level" label={t('templates.level')} extra={t('templates.levelHelp')}>
          <InputNumber data-testid="template-new-level" min={LEVEL_MIN} max={LEVEL_MAX} precision={0} style={{ width: 120 }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
