import { App, Button, Grid, Input, Popconfirm, Select, Space, type TableColumnsType } from 'antd';
import { canAccess, type Language } from '@dms/contract';
import type { QueryKey, UseQueryOptions } from '@tanstack/react-query';
import { useMemo, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { call } from '@/api/call';
import { useRoles } from '@/auth/session';
import type { ListSpec } from '@/components/list-page/list-params';
import { ListPage } from '@/components/list-page/ListPage';
import { RefreshButton } from '@/components/list-page/RefreshButton';
import { tableWidth, wideOnly } from '@/components/list-page/table-width';
import { useDraft } from '@/components/list-page/useDraft';
import { useListParams } from '@/components/list-page/useListParams';
import { usePagedQuery, type PageOf } from '@/components/list-page/usePagedQuery';
import { templateName } from '@/features/templates/labels';
import { useI18n } from '@/i18n';
import type { TKey, Translate } from '@/i18n/types';
import { formatTime } from '@/lib/format-time';
import { useAppState } from '@/settings/app-state';
import type { PersonPages } from './kinds';
import { useUserDialogs } from './useUserDialogs';

/** A row of a list of people below the caller, as both kinds have it. */
interface PersonListRow {
  id: number;
  username: string;
  template: { id: number; name: string; builtin: string | null } | null;
}

/** What a kind's columns and row actions are made with. */
export interface ListContext {
  t: Translate;
  lang: Language;
  /** On a phone the table scrolls sideways as a whole: no fixed columns, every column shown. */
  mobile: boolean;
  /** Reads the list again (after a change of a row). */
  reload: () => void;
}

/** The kind's own filter beside the search: one of `values` (all when none), kept in the URL as `key`. */
export interface SelectFilter<F, K extends keyof F> {
  key: K;
  values: ReadonlyArray<NonNullable<F[K]>>;
  label: (t: Translate, value: NonNullable<F[K]>) => string;
  /** Its name, and the choice of all. */
  title: TKey;
  all: TKey;
  testId: string;
  width: number;
}

/**
 * The list of the caller's people of one kind (/usermanager/edit-helper, edit-manager; docs/people.md "Managing the
 * users below"): searched and filtered in the URL, paged on the server, with the way to add one, and per row the page
 * of their devices, their password and template (dialogs), and the kind's own actions. The kind gives its query, its
 * filter, its columns before and after the template's, its widths and its row actions.
 */
export function PeopleListPage<
  R extends PersonListRow,
  F extends { q: string | undefined } & Record<K, string | undefined>,
  K extends keyof F,
  Q extends QueryKey,
>({
  kind,
  spec,
  query,
  select,
  widths,
  columns,
  action,
  extra,
}: {
  kind: PersonPages;
  spec: ListSpec<F>;
  query: (q: F & { page: number; page_size: number }) => UseQueryOptions<PageOf<R>, Error, PageOf<R>, Q>;
  select: SelectFilter<F, K>;
  widths: { name: number; created: number; actions: number; search: number };
  columns: (c: ListContext) => { beforeTemplate: TableColumnsType<R>; afterTemplate: TableColumnsType<R> };
  /** The kind's own action on a row, after the page of their devices, their password and their template. */
  action: (r: R, c: ListContext) => ReactNode;
  /** The card's actions (an export of the list as filtered). */
  extra?: (filter: F, total: number) => ReactNode;
}) {
  const { t, lang } = useI18n();
  const navigate = useNavigate();
  const roles = useRoles();
  const { ns, testId } = kind;
  // On a phone the table scrolls sideways as a whole: fixed columns would cover each other. On a desktop the table fits
  // its card, so the fixed columns cover nothing: secondary columns are shown where there is room for them.
  const mobile = useAppState((st) => st.device === 'mobile');
  const screens = Grid.useBreakpoint();
  const list = useListParams(spec);
  const { filter, page, pageSize } = list.params;
  const rows = usePagedQuery(query({ ...filter, page, page_size: pageSize }));
  const [q, setQ] = useDraft(filter.q ?? '');
  const { askPassword, askTemplate, dialogs } = useUserDialogs<R>({
    testId,
    defaultTemplateLabel: t(`${ns}.defaultTemplate`),
    savePassword: (r, password) => call(kind.password, { body: { userId: r.id, password } }, { errorDisplay: 'none' }),
    saveTemplate: (r, templateId) => call(kind.template, { body: { userId: r.id, templateId } }, { errorDisplay: 'none' }),
    onTemplateSaved: rows.reload,
  });

  const table = useMemo<TableColumnsType<R>>(() => {
    const c: ListContext = { t, lang, mobile, reload: rows.reload };
    const { beforeTemplate, afterTemplate } = columns(c);
    const ask = (action: 'password' | 'template', r: R, open: (r: R) => void, label: string) => (
      <Button
        key={action}
        type="link"
        size="small"
        data-testid={`${testId}-${action}-${r.username}`}
        onClick={() => {
          open(r);
        }}
      >
        {label}
      </Button>
    );
    return [
      { key: 'username', title: t(`${ns}.username`), dataIndex: 'username', width: 150, fixed: mobile ? undefined : 'left' },
      { key: 'name', title: t(`${ns}.name`), dataIndex: 'name', width: widths.name, ellipsis: true },
      ...beforeTemplate,
      {
        key: 'template',
        title: t('people.template'),
        width: 150,
        render: (_: unknown, r) => (r.template ? templateName(t, r.template) : t(`${ns}.defaultTemplate`)),
      },
      ...afterTemplate,
      {
        key: 'createdAt',
        title: t(`${ns}.registered`),
        dataIndex: 'createdAt',
        width: widths.created,
        render: (v: number) => formatTime(v, lang),
        ...wideOnly(mobile, 'xxl'),
      },
      {
        key: 'actions',
        title: t(`${ns}.actions`),
        width: widths.actions,
        fixed: mobile ? undefined : 'right',
        render: (_: unknown, r) => {
          const common = {
            password: ask('password', r, askPassword, t(`${ns}.setPassword`)),
            template: ask('template', r, askTemplate, t('people.template')),
          };
          return (
            <Space size={4} wrap>
              <Link to={`${kind.devicePath}?userId=${r.id}`} data-testid={`${testId}-devices-${r.username}`}>
                {t(`${ns}.openDevices`)}
              </Link>
              {kind.actionOrder.map((a) => common[a])}
              {action(r, c)}
            </Space>
          );
        },
      },
    ];
  }, [t, lang, mobile, rows.reload, columns, action, widths, kind, ns, testId, askPassword, askTemplate]);

  return (
    <>
      <ListPage
        title={t(kind.listTitle)}
        extra={extra?.(filter, rows.data.total)}
        toolbar={
          <Space wrap className="dms-toolbar">
            <Input.Search
              data-testid={`${testId}-search`}
              aria-label={t(`${ns}.search`)}
              placeholder={t(`${ns}.search`)}
              maxLength={64}
              allowClear
              style={{ width: widths.search }}
              value={q}
              onChange={(e) => {
                setQ(e.target.value);
              }}
              onSearch={(value) => {
                // Only what changed (changeFilter merges it into the URL's filter): a spread of this render's filter
                // could write back a value another control has just changed. F is generic: TypeScript cannot see
                // that one of its own keys is a Partial<F>.
                list.setFilter({ q: spec.filter.q.read(value) } as Partial<F>);
              }}
            />
            <Select<string>
              data-testid={select.testId}
              aria-label={t(select.title)}
              style={{ width: select.width }}
              value={filter[select.key] ?? ''}
              options={[{ value: '', label: t(select.all) }, ...select.values.map((v) => ({ value: v, label: select.label(t, v) }))]}
              onChange={(v) => {
                list.setFilter({ [select.key]: select.values.find((x) => x === v) } as Partial<F>);
              }}
            />
            <RefreshButton onClick={rows.reload} testId={`${testId}-reload`} />
            {canAccess(roles, kind.addArea) && (
              <Button
                type="primary"
                data-testid={`${testId}-add`}
                onClick={() => {
                  void navigate(kind.addPath);
                }}
              >
                {t(`${ns}.add`)}
              </Button>
            )}
          </Space>
        }
        list={list}
        page={rows}
        columns={table}
        data-testid={`${testId}-table`}
        rowKey="id"
        scroll={{ x: tableWidth(table, 120, screens) }}
        showTotal={(total) => t(`${ns}.total`, { total })}
      />
      {dialogs}
    </>
  );
}

/**
 * A row's own change, asked for first (delete a helper, disable or enable a sub-manager): the server's answer is said,
 * and the list read again. Test ids: `${kind.testId}-${action}-<user name>` on the button, `${kind.testId}-${action}-ok`
 * on the confirmation.
 */
export function ConfirmedAction({
  kind,
  action,
  username,
  title,
  label,
  danger,
  run,
  done,
  onDone,
}: {
  kind: PersonPages;
  action: string;
  username: string;
  title: string;
  label: string;
  danger: boolean;
  run: () => Promise<unknown>;
  done: string;
  onDone: () => void;
}) {
  const { message } = App.useApp();
  return (
    <Popconfirm
      title={title}
      okButtonProps={{ danger, 'data-testid': `${kind.testId}-${action}-ok` }}
      onConfirm={() =>
        void run().then(() => {
          void message.success(done);
          onDone();
        })
      }
    >
      <Button type="link" size="small" danger={danger} data-testid={`${kind.testId}-${action}-${username}`}>
        {label}
      </Button>
    </Popconfirm>
  );
}
