import { App, Button, Card, Form, Grid, Input, Select, Space, Typography, type TableColumnsType } from 'antd';
import { api, type RelationListQuery, type RelationRow } from '@dms/contract';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
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

interface RelationFilter {
  q: string | undefined;
}

/** The URL keeps the search (`?q=AC-90`) with the page. */
const RELATION_LIST: ListSpec<RelationFilter> = { filter: { q: textParam(64) } };

function relationListQuery({ filter, page, pageSize }: ListParams<RelationFilter>): RelationListQuery {
  return { ...(filter.q ? { q: filter.q } : {}), page, page_size: pageSize };
}

/** The reads a relation's change touches: the relations, the unmapped codes and the type list's device counts. */
const RELATION_READS = [api.controllerTypes.relations, api.controllerTypes.unmapped, api.controllerTypes.page];

/** A model code being mapped: a new one (its code typed or picked from the unmapped ones) or one already mapped. */
interface Editing {
  modelCode: string;
  typeId: number | undefined;
  isNew: boolean;
}

/**
 * /device-type/relation (root): which controller type each model code that boxes report stands for, searched by code
 * or type, with how many devices report each; a code mapped or changed gives its devices the type at once (and every
 * new box reporting it). The codes the fleet reports without a type are offered to map.
 */
export default function RelationPage() {
  const { t, lang } = useI18n();
  const mobile = useAppState((st) => st.device === 'mobile');
  const screens = Grid.useBreakpoint();
  const list = useListParams(RELATION_LIST);
  const rows = usePagedQuery(endpointQuery(api.controllerTypes.relations, { query: relationListQuery(list.params) }));
  const unmapped = useQuery(endpointQuery(api.controllerTypes.unmapped, {}));
  const [editing, setEditing] = useState<Editing | null>(null);
  const onPage = rows.data.items.length;

  const columns = useMemo<TableColumnsType<RelationRow>>(
    () => [
      {
        key: 'modelCode',
        title: t('typeRelation.modelCode'),
        width: 200,
        fixed: mobile ? undefined : 'left',
        render: (_: unknown, r) => <Typography.Text code>{r.modelCode}</Typography.Text>,
      },
      {
        key: 'type',
        title: t('typeRelation.type'),
        width: 300,
        render: (_: unknown, r) => (
          <span data-testid={`relation-type-${r.modelCode}`}>
            {r.typeName[lang]} <Typography.Text type="secondary">({r.typeCode})</Typography.Text>
          </span>
        ),
      },
      {
        key: 'devices',
        title: t('typeRelation.devices'),
        width: 100,
        render: (_: unknown, r) => <span data-testid={`relation-devices-${r.modelCode}`}>{r.devices}</span>,
      },
      {
        key: 'updatedAt',
        title: t('typeRelation.updated'),
        dataIndex: 'updatedAt',
        width: 170,
        render: (v: number) => formatTime(v, lang),
      },
      { key: 'updatedBy', title: t('typeRelation.updatedBy'), dataIndex: 'updatedBy', width: 130, ...wideOnly(mobile, 'xxl') },
      {
        key: 'actions',
        title: t('typeRelation.actions'),
        width: 150,
        fixed: mobile ? undefined : 'right',
        render: (_: unknown, r) => (
          <Space size={4}>
            <Button
              type="link"
              size="small"
              data-testid={`relation-change-${r.modelCode}`}
              onClick={() => {
                setEditing({ modelCode: r.modelCode, typeId: r.typeId, isNew: false });
              }}
            >
              {t('typeRelation.change')}
            </Button>
            <DeleteRowButton
              confirm={t('typeRelation.removeConfirm', { code: r.modelCode })}
              label={t('typeRelation.remove')}
              testId={`relation-remove-${r.modelCode}`}
              okTestId="relation-remove-ok"
              remove={() => call(api.controllerTypes.removeRelation, { params: { modelCode: r.modelCode } })}
              deleted={t('typeRelation.removed', { code: r.modelCode })}
              invalidates={RELATION_READS}
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
    <Space orientation="vertical" size="middle" style={{ display: 'flex' }}>
      <ListPage
        title={t('deviceType.route.relation')}
        extra={
          <Space wrap>
            <RefreshButton
              onClick={() => {
                rows.reload();
                void unmapped.refetch();
              }}
              testId="relation-reload"
            />
            <Button
              type="primary"
              data-testid="relation-new"
              onClick={() => {
                setEditing({ modelCode: '', typeId: undefined, isNew: true });
              }}
            >
              {t('typeRelation.new')}
            </Button>
          </Space>
        }
        toolbar={
          <Space orientation="vertical" style={{ display: 'flex' }}>
            <Typography.Paragraph type="secondary">{t('typeRelation.help')}</Typography.Paragraph>
            <QuerySearch list={list} label={t('typeRelation.search')} testId="relation-search" width={260} />
          </Space>
        }
        list={list}
        page={rows}
        columns={columns}
        data-testid="relation-table"
        rowKey="modelCode"
        scroll={{ x: tableWidth(columns, 120, screens) }}
        showTotal={(total) => t('typeRelation.total', { total })}
      />
      <Card title={t('typeRelation.unmapped')} data-testid="relation-unmapped">
        <Typography.Paragraph type="secondary">{t('typeRelation.unmappedHelp')}</Typography.Paragraph>
        {unmapped.data && unmapped.data.length === 0 ? (
          <Typography.Text>{t('typeRelation.unmappedNone')}</Typography.Text>
        ) : (
          <Space wrap>
            {(unmapped.data ?? []).map((u) => (
              <Button
                key={u.modelCode}
                size="small"
                type="dashed"
                data-testid={`relation-unmapped-${u.modelCode}`}
                onClick={() => {
                  setEditing({ modelCode: u.modelCode, typeId: undefined, isNew: true });
                }}
              >
                {t('typeRelation.unmappedCount', { code: u.modelCode, devices: u.devices })}
              </Button>
            ))}
          </Space>
        )}
      </Card>
      <RelationModal
        editing={editing}
        onClose={() => {
          setEditing(null);
        }}
      />
    </Space>
  );
}

interface RelationForm {
  modelCode: string;
  typeId: number | undefined;
}

/** Maps a model code to a type: the type chosen from the type list (code and name). */
function RelationModal({ editing, onClose }: { editing: Editing | null; onClose: () => void }) {
  const { t, lang } = useI18n();
  const { message } = App.useApp();
  const [form] = Form.useForm<RelationForm>();
  const types = useQuery({ ...endpointQuery(api.controllerTypes.list, {}), enabled: editing !== null });
  const options = useMemo(
    () => (types.data ?? []).map((ty) => ({ value: ty.id, label: `${ty.name[lang]} (${ty.code})`, code: ty.code, name: ty.name[lang] })),
    [types.data, lang],
  );
  const { busy, error, run, clearError } = useSubmit(
    async (values: RelationForm) => {
      const { devices } = await call(
        api.controllerTypes.saveRelation,
        { params: { modelCode: values.modelCode }, body: { typeId: values.typeId ?? 0 } },
        { errorDisplay: 'none' },
      );
      const type = options.find((o) => o.value === values.typeId)?.name ?? '';
      void message.success(t('typeRelation.saved', { code: values.modelCode.trim(), type, devices }));
      onClose();
    },
    { invalidates: RELATION_READS },
  );
  if (!editing) return null;
  return (
    <FormModal<RelationForm>
      open
      title={editing.isNew ? t('typeRelation.new') : t('typeRelation.editTitle', { code: editing.modelCode })}
      okText={t('typeRelation.save')}
      okTestId="relation-save"
      busy={busy}
      form={form}
      initialValues={{ modelCode: editing.modelCode, typeId: editing.typeId }}
      onFinish={(v) => void run(v)}
      onChange={clearError}
      onCancel={onClose}
    >
      <Form.Item name="modelCode" label={t('typeRelation.modelCode')}>
        <Input data-testid="relation-code" maxLength={64} disabled={!editing.isNew} />
      </Form.Item>
      <Form.Item name="typeId" label={t('typeRelation.type')} help={error ?? undefined} validateStatus={error ? 'error' : undefined}>
        <Select
          data-testid="relation-type"
          showSearch={{ optionFilterProp: 'label' }}
          loading={types.isPending}
          options={options.map(({ value, label }) => ({ value, label }))}
        />
      </Form.Item>
    </FormModal>
  );
}
