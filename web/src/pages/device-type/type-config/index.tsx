import { PlusOutlined } from '@ant-design/icons';
import { App, Button, Form, Grid, Input, Select, Space, Tag, Typography, type TableColumnsType } from 'antd';
import { api, CONTROLLER_KINDS, LANGUAGE_NAMES, LANGUAGES, type ControllerKind, type TypeRow } from '@dms/contract';
import { useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { call, endpointQuery } from '@/api/call';
import { useSubmit } from '@/components/forms/useSubmit';
import { FormModal } from '@/components/forms/FormModal';
import { DeleteRowButton } from '@/components/list-page/DeleteRowButton';
import { ExportButton } from '@/components/list-page/ExportButton';
import { ListPage } from '@/components/list-page/ListPage';
import { RefreshButton } from '@/components/list-page/RefreshButton';
import { tableWidth, wideOnly } from '@/components/list-page/table-width';
import { useListParams } from '@/components/list-page/useListParams';
import { usePagedQuery } from '@/components/list-page/usePagedQuery';
import { useI18n } from '@/i18n';
import { formatTime } from '@/lib/format-time';
import { useAppState } from '@/settings/app-state';
import { typeEditPath } from '@/pages/device-type/paths';
import { TYPE_LIST, TypeListToolbar, typeFilter, typeListQuery } from '@/pages/device-type/type-list';

/**
 * /device-type/type-config (root): the controller types, searched by code or name in any language, filtered by kind
 * and sorted on the server, with their register count, version and the devices using each; each one's editor, a
 * copy of one as a new type, the deletion of one no device uses, and the list to .xlsx.
 */
export default function TypeConfigPage() {
  const { t, lang } = useI18n();
  // On a phone the table scrolls sideways as a whole; on a desktop it fits its card, the secondary columns shown where
  // there is room for them (so the fixed columns cover nothing).
  const mobile = useAppState((st) => st.device === 'mobile');
  const screens = Grid.useBreakpoint();
  const list = useListParams(TYPE_LIST);
  const rows = usePagedQuery(endpointQuery(api.controllerTypes.page, { query: typeListQuery(list.params) }));
  const [making, setMaking] = useState<Making | null>(null);
  const { filter } = list.params;
  const onPage = rows.data.items.length;

  const columns = useMemo<TableColumnsType<TypeRow>>(
    () => [
      {
        key: 'code',
        title: t('typeConfig.code'),
        width: 230,
        fixed: mobile ? undefined : 'left',
        render: (_: unknown, r) => (
          <Space size={4} wrap={false} data-testid={`type-code-${r.code}`}>
            <Typography.Text code>{r.code}</Typography.Text>
            {r.builtin && <Tag>{t('typeConfig.builtinTag')}</Tag>}
          </Space>
        ),
      },
      { key: 'name', title: t('typeConfig.name'), width: 190, render: (_: unknown, r) => r.name[lang] },
      {
        key: 'kind',
        title: t('typeConfig.kind'),
        width: 140,
        ...wideOnly(mobile, 'xxl'),
        render: (_: unknown, r) => t(`devices.kind.${r.kind}`),
      },
      { key: 'registers', title: t('typeConfig.registers'), dataIndex: 'registerCount', width: 110 },
      { key: 'version', title: t('typeConfig.version'), dataIndex: 'version', width: 90, render: (v: number) => `v${v}` },
      {
        key: 'devices',
        title: t('typeConfig.devices'),
        width: 100,
        render: (_: unknown, r) => <span data-testid={`type-devices-${r.code}`}>{r.devices}</span>,
      },
      { key: 'updatedAt', title: t('typeConfig.updated'), dataIndex: 'updatedAt', width: 170, render: (v: number) => formatTime(v, lang) },
      {
        key: 'updatedBy',
        title: t('typeConfig.updatedBy'),
        dataIndex: 'updatedBy',
        width: 130,
        ...wideOnly(mobile, 'xxl'),
        render: (v: string | null) => v ?? t('typeConfig.release'),
      },
      {
        key: 'actions',
        title: t('typeConfig.actions'),
        width: 180,
        fixed: mobile ? undefined : 'right',
        render: (_: unknown, r) => (
          <Space size={4}>
            <Link to={typeEditPath(r.id)} data-testid={`type-edit-${r.code}`}>
              {t('typeConfig.edit')}
            </Link>
            <Button
              type="link"
              size="small"
              data-testid={`type-copy-${r.code}`}
              onClick={() => {
                setMaking({ copyOf: r });
              }}
            >
              {t('typeConfig.copy')}
            </Button>
            {!r.builtin && (
              <DeleteRowButton
                confirm={t('typeConfig.deleteConfirm', { code: r.code })}
                label={t('typeConfig.delete')}
                testId={`type-delete-${r.code}`}
                okTestId="type-delete-ok"
                remove={() => call(api.controllerTypes.remove, { params: { id: r.id } })}
                deleted={t('typeConfig.deleted', { code: r.code })}
                invalidates={[api.controllerTypes.page, api.controllerTypes.list]}
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
        title={t('deviceType.route.typeConfig')}
        extra={
          <Space wrap>
            <Button
              type="primary"
              icon={<PlusOutlined />}
              data-testid="type-create"
              onClick={() => {
                setMaking({ copyOf: null });
              }}
            >
              {t('typeConfig.create')}
            </Button>
            <RefreshButton onClick={rows.reload} testId="type-reload" />
            <ExportButton
              testId="type-export"
              disabled={rows.data.total === 0}
              body={() => ({ kind: 'controller-types', filter: typeFilter(filter) })}
            />
          </Space>
        }
        toolbar={<TypeListToolbar list={list} testId="type" />}
        list={list}
        page={rows}
        columns={columns}
        data-testid="type-table"
        rowKey="id"
        scroll={{ x: tableWidth(columns, 120, screens) }}
        showTotal={(total) => t('typeConfig.total', { total })}
      />
      <TypeModal
        making={making}
        onClose={() => {
          setMaking(null);
        }}
      />
    </>
  );
}

interface TypeForm {
  code: string;
  kind: ControllerKind;
  name: TypeRow['name'];
}

/** What the dialog makes: a copy of a type (its map as version 1), or a new type with an empty map. */
type Making = { copyOf: TypeRow } | { copyOf: null };

/**
 * The new type's code and its name in each language: a copy takes the source's kind and map as its version 1; a new
 * type asks for its kind, and its map is filled in the editor, which opens after it is made.
 */
function TypeModal({ making, onClose }: { making: Making | null; onClose: () => void }) {
  const { t } = useI18n();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [form] = Form.useForm<TypeForm>();
  const source = making?.copyOf ?? null;
  const { busy, error, run, clearError } = useSubmit(
    async ({ code, name, kind }: TypeForm) => {
      if (source) {
        await call(api.controllerTypes.copy, { params: { id: source.id }, body: { code, name } }, { errorDisplay: 'none' });
        void message.success(t('typeConfig.copied', { code }));
        onClose();
        return;
      }
      const { id } = await call(api.controllerTypes.create, { body: { code, name, kind } }, { errorDisplay: 'none' });
      void message.success(t('typeConfig.created', { code }));
      onClose();
      void navigate(typeEditPath(id));
    },
    { invalidates: [api.controllerTypes.page, api.controllerTypes.list] },
  );
  if (!making) return null;
  const prefix = source ? 'type-copy' : 'type-create';
  return (
    <FormModal<TypeForm>
      open
      title={source ? t('typeConfig.copyTitle', { code: source.code }) : t('typeConfig.createTitle')}
      okText={source ? t('typeConfig.copyOk') : t('typeConfig.createOk')}
      okTestId={`${prefix}-ok`}
      busy={busy}
      form={form}
      initialValues={
        source
          ? { code: `${source.code}-copy`, name: source.name, kind: source.kind }
          : { code: '', name: { en: '', zh: '', es: '', ja: '' }, kind: 'compressor' }
      }
      onFinish={(v) => void run(v)}
      onChange={clearError}
      onCancel={onClose}
    >
      <Typography.Paragraph type="secondary">{source ? t('typeConfig.copyHelp') : t('typeConfig.createHelp')}</Typography.Paragraph>
      <Form.Item name="code" label={t('typeConfig.code')} help={error ?? undefined} validateStatus={error ? 'error' : undefined}>
        <Input data-testid={`${prefix}-code`} maxLength={64} />
      </Form.Item>
      {!source && (
        <Form.Item name="kind" label={t('typeConfig.kind')}>
          <Select<ControllerKind>
            data-testid="type-create-kind"
            options={CONTROLLER_KINDS.map((k) => ({ value: k, label: t(`devices.kind.${k}`) }))}
          />
        </Form.Item>
      )}
      {LANGUAGES.map((l) => (
        <Form.Item key={l} name={['name', l]} label={t('typeConfig.nameIn', { language: LANGUAGE_NAMES[l] })}>
          <Input data-testid={`${prefix}-name-${l}`} maxLength={64} />
        </Form.Item>
      ))}
    </FormModal>
  );
}
