import { api, HELPER_TYPES, type HelperRow, type HelperType } from '@dms/contract';
import { endpointQuery, call } from '@/api/call';
import { oneOfParam, textParam, type ListSpec } from '@/components/list-page/list-params';
import { wideOnly } from '@/components/list-page/table-width';
import { HELPER_PAGES } from '../kinds';
import { helperTypeLabel } from '../labels';
import { ConfirmedAction, PeopleListPage, type ListContext, type SelectFilter } from '../PeopleListPage';

type HelperFilter = { q: string | undefined; helperType: HelperType | undefined };

const HELPER_LIST: ListSpec<HelperFilter> = {
  filter: { q: textParam(64), helperType: oneOfParam(HELPER_TYPES) },
};

const query = (q: HelperFilter & { page: number; page_size: number }) => endpointQuery(api.usermanager.getHelpers, { query: q });

/** A helper's phone, type and region before the template; their shares after it. */
const columns = ({ t, mobile }: ListContext) => ({
  beforeTemplate: [
    { key: 'phone', title: t('helpers.phone'), dataIndex: 'phone', width: 140, ...wideOnly(mobile, 'xxxl') },
    { key: 'type', title: t('helpers.type'), dataIndex: 'helperType', width: 110, render: (v: HelperType | null) => helperTypeLabel(t, v) },
    { key: 'region', title: t('helpers.region'), dataIndex: 'region', width: 120, ellipsis: true },
  ],
  afterTemplate: [
    {
      key: 'devices',
      title: t('helpers.devices'),
      width: 180,
      render: (_: unknown, r: HelperRow) => t('helpers.shared', { shared: r.sharedDevices, switch: r.switchDevices }),
    },
  ],
});

/** Deleting them. */
const remove = (r: HelperRow, { t, reload }: ListContext) => (
  <ConfirmedAction
    kind={HELPER_PAGES}
    action="delete"
    username={r.username}
    title={t('helpers.deleteConfirm', { username: r.username })}
    label={t('helpers.deleteHelper')}
    danger
    run={() => call(api.usermanager.delHelper, { query: { userId: r.id } })}
    done={t('helpers.deleted', { username: r.username })}
    onDone={reload}
  />
);

const WIDTHS = { name: 120, created: 180, actions: 280, search: 240 };

/** Helpers of one type, or of all. */
const TYPE_FILTER: SelectFilter<HelperFilter, 'helperType'> = {
  key: 'helperType',
  values: HELPER_TYPES,
  label: helperTypeLabel,
  title: 'helpers.type',
  all: 'helpers.allTypes',
  testId: 'helper-type-filter',
  width: 160,
};

const PAGE = { kind: HELPER_PAGES, spec: HELPER_LIST, query, select: TYPE_FILTER, widths: WIDTHS, columns, action: remove };

/** /usermanager/edit-helper: the caller's helpers, their shares, password and deletion (docs/people.md). */
export default function EditHelperPage() {
  return <PeopleListPage {...PAGE} />;
}
