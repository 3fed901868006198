import { PlusOutlined, QrcodeOutlined } from '@ant-design/icons';
import { api } from '@dms/contract';
import { endpointQuery } from '@/api/call';
import { Button, Space } from 'antd';
import { useNavigate } from 'react-router';
import { ListPage } from '@/components/list-page/ListPage';
import { RefreshButton } from '@/components/list-page/RefreshButton';
import { usePagedQuery } from '@/components/list-page/usePagedQuery';
import { useListParams } from '@/components/list-page/useListParams';
import { useI18n } from '@/i18n';
import { BOX_REG_CREATE_PATH, BOX_REG_LABELS_PATH } from '../paths';
import { BoxLinks } from './BoxLinks';
import { useBoxRegColumns } from './columns';
import { Filters } from './Filters';
import { BOX_REG_LIST, boxRegQuery } from './list-spec';
import '../box-reg.css';

/**
 * /box-reg-info: the registered boxes (newest registration first, paged on the server), filters kept in the URL, and
 * each box's links. A registration (the create page) refreshes the cached list.
 */
export default function BoxRegListPage() {
  const { t } = useI18n();
  const navigate = useNavigate();
  const list = useListParams(BOX_REG_LIST);
  const page = usePagedQuery(endpointQuery(api.boxRegInfo.list, { query: boxRegQuery(list.params) }));
  const columns = useBoxRegColumns();

  return (
    <ListPage
      className="dms-box-reg"
      title={t('boxRegInfo.route.list')}
      extra={
        <Space wrap>
          <Button icon={<QrcodeOutlined />} onClick={() => void navigate(BOX_REG_LABELS_PATH)} data-testid="box-reg-labels">
            {t('boxRegInfo.labels.open')}
          </Button>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate(BOX_REG_CREATE_PATH)} data-testid="box-reg-create">
            {t('boxRegInfo.action.create')}
          </Button>
        </Space>
      }
      toolbar={
        <Filters value={list.params.filter} onApply={list.setFilter}>
          <RefreshButton onClick={page.reload} testId="box-reg-reload" />
        </Filters>
      }
      list={list}
      page={page}
      columns={columns}
      data-testid="box-reg-table"
      rowKey="boxId"
      bordered
      scroll={{ x: 1780 }}
      expandable={{ expandedRowRender: (row) => <BoxLinks boxId={row.boxId} /> }}
      showTotal={(total) => t('boxRegInfo.table.total', { total })}
    />
  );
}
