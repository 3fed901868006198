import { Space } from 'antd';
import { api } from '@dms/contract';
import { endpointQuery } from '@/api/call';
import { QuerySearch } from '@/components/list-page/QuerySearch';
import { RefreshButton } from '@/components/list-page/RefreshButton';
import { useListParams } from '@/components/list-page/useListParams';
import { usePagedQuery } from '@/components/list-page/usePagedQuery';
import { SESSION_LIST, SessionListPage } from '@/features/sessions/SessionList';
import { ResetTwoFactor } from '@/features/two-factor/ResetTwoFactor';
import { useI18n } from '@/i18n';

/**
 * /tools/sessions (root; issue 27): every user's live sessions, root's own first, then the most recently active,
 * searched by user name. Ending one signs its user out there at once and goes to the operation log. Above them, the
 * reset of a user's two-factor sign-in.
 */
export default function SessionsToolPage() {
  const { t } = useI18n();
  const list = useListParams(SESSION_LIST);
  const { page, pageSize, filter } = list.params;
  const rows = usePagedQuery(
    endpointQuery(api.tools.sessions, { query: { page, page_size: pageSize, ...(filter.q ? { q: filter.q } : {}) } }),
  );
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <ResetTwoFactor />
      <SessionListPage
        title={t('tools.route.sessions')}
        extra={<RefreshButton onClick={rows.reload} testId="sessions-reload" />}
        toolbar={
          <Space wrap className="dms-toolbar">
            <QuerySearch list={list} label={t('sessions.search')} testId="sessions-search" />
          </Space>
        }
        list={list}
        rows={rows}
        withUser
      />
    </Space>
  );
}
