import { PlusOutlined } from '@ant-design/icons';
import { App, Button, Grid, Select, Space, Switch, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { api, SEVERITIES, type RegisterDef, type RuleListQuery, type RuleRow, type Severity } from '@dms/contract';
import { useQueries, useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { call, endpointQuery } from '@/api/call';
import { isApiError } from '@/api/client';
import { useInvalidate } from '@/api/invalidate';
import { CopyRowButton } from '@/components/list-page/CopyRowButton';
import { DeleteRowButton } from '@/components/list-page/DeleteRowButton';
import { idParam, oneOfParam, textParam, type ListParams, type ListSpec } from '@/components/list-page/list-params';
import { ListPage } from '@/components/list-page/ListPage';
import { QuerySearch } from '@/components/list-page/QuerySearch';
import { RefreshButton } from '@/components/list-page/RefreshButton';
import { tableWidth, wideOnly } from '@/components/list-page/table-width';
import { useListParams } from '@/components/list-page/useListParams';
import { usePagedQuery } from '@/components/list-page/usePagedQuery';
import { useI18n } from '@/i18n';
import { formatTime } from '@/lib/format-time';
import { useAppState } from '@/settings/app-state';
import { EVENTS_ADD_PATH, EVENTS_LOG_PATH, ruleEditPath } from '../paths';
import { eventQueries, RULE_READS } from '../queries';
import { SeverityTag } from '@/features/events/SeverityTag';
import { SeverityFilter } from '../SeverityFilter';
import { conditionWords } from '../words';

const ON_OFF = ['true', 'false'] as const;

interface RuleFilter {
  q: string | undefined;
  typeId: number | undefined;
  severity: Severity | undefined;
  enabled: (typeof ON_OFF)[number] | undefined;
}

/** The URL keeps the search and the filters (`?q=temp&typeId=3&severity=fault&enabled=true`) with the page. */
const RULE_LIST: ListSpec<RuleFilter> = {
  filter: { q: textParam(64), typeId: idParam(), severity: oneOfParam(SEVERITIES), enabled: oneOfParam(ON_OFF) },
};

function ruleListQuery({ filter, page, pageSize }: ListParams<RuleFilter>): RuleListQuery {
  const { q, typeId, severity, enabled } = filter;
  return {
    ...(q ? { q } : {}),
    ...(typeId ? { typeId } : {}),
    ...(severity ? { severity } : {}),
    ...(enabled ? { enabled } : {}),
    page,
    page_size: pageSize,
  };
}

const NO_REGISTERS: RegisterDef[] = [];
/** The register maps read, in the order asked (a map not read yet: none); the same array while none changes. */
const registerLists = (results: ReadonlyArray<{ data?: { registers: RegisterDef[] } | undefined }>) =>
  results.map((r) => r.data?.registers ?? NO_REGISTERS);

/**
 * /events/events-list (root; issue 21): the event rules, searched by name and filtered by type, severity and state,
 * each with its condition in words, the devices in its event now (a link to those events in the log), its version and
 * who saved it last; turned on or off in place, opened in the form, copied (as a new rule, off) or deleted.
 */
export default function EventsListPage() {
  const { t, lang } = useI18n();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const invalidate = useInvalidate();
  const mobile = useAppState((st) => st.device === 'mobile');
  const screens = Grid.useBreakpoint();
  const list = useListParams(RULE_LIST);
  const rows = usePagedQuery(endpointQuery(api.events.rules, { query: ruleListQuery(list.params) }));
  const types = useQuery(eventQueries.types());
  const { filter } = list.params;
  const onPage = rows.data.items.length;

  // The registers of the types on this page, for the conditions in words.
  const typeIds = useMemo(() => [...new Set(rows.data.items.map((r) => r.typeId))].sort((a, b) => a - b), [rows.data.items]);
  const maps = useQueries({ queries: typeIds.map((id) => eventQueries.typeRegisters(id)), combine: registerLists });
  const registersByType = useMemo(() => new Map(typeIds.map((id, i) => [id, maps[i] ?? NO_REGISTERS])), [typeIds, maps]);

  /** The switches being saved (rule id → the state asked for): shown so, and busy, until the list has read it back. */
  const [saving, setSaving] = useState<ReadonlyMap<number, boolean>>(new Map());

  const enable = useCallback(
    async (rule: RuleRow, enabled: boolean) => {
      setSaving((s) => new Map(s).set(rule.id, enabled));
      try {
        await call(api.events.enableRule, { params: { id: rule.id }, body: { enabled } });
        void message.success(t(enabled ? 'events.list.turnedOn' : 'events.list.turnedOff', { name: rule.name }));
        await invalidate(RULE_READS);
      } catch (e) {
        // A refusal is shown by the request layer; the switch goes back to what the rule is.
        if (!isApiError(e)) throw e;
      } finally {
        setSaving((s) => {
          const next = new Map(s);
          next.delete(rule.id);
          return next;
        });
      }
    },
    [message, t, invalidate],
  );

  const columns = useMemo<TableColumnsType<RuleRow>>(
    () => [
      {
        key: 'name',
        title: t('events.list.column.name'),
        width: 200,
        fixed: mobile ? undefined : 'left',
        render: (_: unknown, r) => (
          <Link to={ruleEditPath(r.id)} data-testid={`rule-name-${r.id}`}>
            {r.name}
          </Link>
        ),
      },
      {
        key: 'type',
        title: t('events.list.column.type'),
        width: 170,
        ellipsis: true,
        render: (_: unknown, r) => r.typeName?.[lang] ?? t('events.list.unknownType', { id: r.typeId }),
      },
      {
        key: 'severity',
        title: t('events.list.column.severity'),
        width: 110,
        render: (_: unknown, r) => <SeverityTag severity={r.severity} testId={`rule-severity-${r.id}`} />,
      },
      {
        key: 'condition',
        title: t('events.list.column.condition'),
        width: 320,
        render: (_: unknown, r) => (
          <span data-testid={`rule-words-${r.id}`}>
            {conditionWords(r.condition, { t, lang, registers: registersByType.get(r.typeId) ?? NO_REGISTERS })}
          </span>
        ),
      },
      {
        key: 'enabled',
        title: t('events.list.column.enabled'),
        width: 90,
        render: (_: unknown, r) => {
          const asked = saving.get(r.id);
          return (
            <Switch
              checked={asked ?? r.enabled}
              loading={asked !== undefined}
              disabled={asked !== undefined}
              aria-label={t('events.list.column.enabled')}
              data-testid={`rule-enable-${r.id}`}
              data-enabled={String(asked ?? r.enabled)}
              onChange={(on) => void enable(r, on)}
            />
          );
        },
      },
      {
        key: 'active',
        title: (
          <Tooltip title={t('events.list.activeHint')}>
            <span>{t('events.list.column.active')}</span>
          </Tooltip>
        ),
        width: 100,
        render: (_: unknown, r) =>
          r.active > 0 ? (
            <Link to={`${EVENTS_LOG_PATH}?ruleId=${r.id}&state=active`} data-testid={`rule-active-${r.id}`} data-active={r.active}>
              <Tag color="red">{r.active}</Tag>
            </Link>
          ) : (
            <span data-testid={`rule-active-${r.id}`} data-active={0}>
              0
            </span>
          ),
      },
      {
        key: 'version',
        title: t('events.list.column.version'),
        dataIndex: 'version',
        width: 80,
        render: (v: number, r) => <span data-testid={`rule-version-${r.id}`}>{`v${v}`}</span>,
      },
      {
        key: 'updated',
        title: t('events.list.column.updated'),
        width: 200,
        ...wideOnly(mobile, 'xl'),
        render: (_: unknown, r) => (
          <Space orientation="vertical" size={0}>
            <span>{formatTime(r.updatedAt, lang)}</span>
            {r.updatedBy && <Typography.Text type="secondary">{r.updatedBy}</Typography.Text>}
          </Space>
        ),
      },
      {
        key: 'actions',
        title: t('events.list.column.actions'),
        width: 200,
        fixed: mobile ? undefined : 'right',
        render: (_: unknown, r) => (
          <Space size={4}>
            <Button
              type="link"
              size="small"
              data-testid={`rule-edit-${r.id}`}
              onClick={() => {
                void navigate(ruleEditPath(r.id));
              }}
            >
              {t('events.list.edit')}
            </Button>
            <CopyRowButton
              label={t('events.list.copy')}
              testId={`rule-copy-${r.id}`}
              copy={() => call(api.events.copyRule, { params: { id: r.id } })}
              copied={(name) => t('events.list.copied', { name })}
              invalidates={RULE_READS}
            />
            <DeleteRowButton
              confirm={t('events.list.deleteConfirm', { name: r.name })}
              label={t('events.list.delete')}
              testId={`rule-delete-${r.id}`}
              okTestId="rule-delete-ok"
              remove={() => call(api.events.removeRule, { params: { id: r.id } })}
              deleted={t('events.list.deleted', { name: r.name })}
              invalidates={RULE_READS}
              list={list}
              rowsOnPage={onPage}
            />
          </Space>
        ),
      },
    ],
    [t, lang, mobile, list, onPage, saving, registersByType, navigate, enable],
  );

  return (
    <ListPage
      title={t('events.route.list')}
      extra={
        <Space wrap>
          <RefreshButton onClick={rows.reload} testId="rules-reload" />
          <Button
            type="primary"
            icon={<PlusOutlined />}
            data-testid="rule-add"
            onClick={() => {
              void navigate(EVENTS_ADD_PATH);
            }}
          >
            {t('events.list.add')}
          </Button>
        </Space>
      }
      toolbar={
        <Space wrap className="dms-toolbar">
          <QuerySearch list={list} label={t('events.list.search')} testId="rules-search" />
          <Select<number>
            data-testid="rules-type"
            aria-label={t('events.list.column.type')}
            style={{ width: 220 }}
            loading={types.isPending}
            value={filter.typeId ?? 0}
            showSearch={{ optionFilterProp: 'label' }}
            options={[
              { value: 0, label: t('events.list.allTypes') },
              ...(types.data ?? []).map((ty) => ({ value: ty.id, label: `${ty.name[lang]} (${ty.code})` })),
            ]}
            onChange={(value) => {
              list.setFilter({ typeId: value === 0 ? undefined : value });
            }}
          />
          <SeverityFilter
            value={filter.severity}
            onChange={(severity) => {
              list.setFilter({ severity });
            }}
            label={t('events.list.column.severity')}
            testId="rules-severity"
          />
          <Select<(typeof ON_OFF)[number] | ''>
            data-testid="rules-enabled"
            aria-label={t('events.list.column.enabled')}
            style={{ width: 160 }}
            value={filter.enabled ?? ''}
            options={[
              { value: '', label: t('events.list.allStates') },
              { value: 'true', label: t('events.list.on') },
              { value: 'false', label: t('events.list.off') },
            ]}
            onChange={(value) => {
              list.setFilter({ enabled: value === '' ? undefined : value });
            }}
          />
        </Space>
      }
      list={list}
      page={rows}
      columns={columns}
      data-testid="rules-table"
      rowKey="id"
      scroll={{ x: tableWidth(columns, 120, screens) }}
      showTotal={(total) => t('events.list.total', { total })}
    />
  );
}
