import { PlusOutlined, ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Card, Input, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { BOX_TYPE_MAX, type BoxRegRow } from '@dms/contract';
import { useEffect, useMemo, useRef, useState, type ChangeEvent } from 'react';
import { useNavigate } from 'react-router';
import { getBoxRegs } from '../../../api/box-reg';
import { useI18n, type TKey } from '../../../i18n';
import { formatTime } from '../../../lib/format-time';
import { useServerPage } from '../../../lib/useServerPage';
import { CONNECTION_COLOR, connectionLabel } from '../labels';
import { useRegistrationCount } from '../registrations';
import { BOX_REG_CREATE_PATH } from '../routes';
import { BoxLinks } from './BoxLinks';
import '../box-reg.css';

interface Draft {
  boxId: string;
  username: string;
  companyName: string;
  boxType: string;
}
const EMPTY_DRAFT: Draft = { boxId: '', username: '', companyName: '', boxType: '' };

/** The filter inputs of the toolbar, in order. */
const FILTERS: ReadonlyArray<{ key: keyof Draft; testId: string; label: TKey; maxLength: number }> = [
  { key: 'boxId', testId: 'box-reg-filter-boxid', label: 'boxReg.filter.boxId', maxLength: 10 },
  { key: 'username', testId: 'box-reg-filter-username', label: 'boxReg.filter.username', maxLength: 64 },
  { key: 'companyName', testId: 'box-reg-filter-company', label: 'boxReg.filter.companyName', maxLength: 128 },
  { key: 'boxType', testId: 'box-reg-filter-type', label: 'boxReg.filter.boxType', maxLength: BOX_TYPE_MAX },
];

const NONE = <Typography.Text type="secondary">—</Typography.Text>;

/** /box-reg-info: the registered boxes (newest registration first, paged on the server), filters, and each box's links. */
export default function BoxRegListPage() {
  const { t, lang } = useI18n();
  const navigate = useNavigate();
  const list = useServerPage(getBoxRegs, {
    boxId: undefined as number | undefined,
    username: undefined as string | undefined,
    companyName: undefined as string | undefined,
    boxType: undefined as string | undefined,
  });
  const [draft, setDraft] = useState<Draft>(EMPTY_DRAFT);

  // The list stays mounted while other tabs are shown: a registration made meanwhile shows when it is back.
  const registrations = useRegistrationCount();
  const seen = useRef(registrations);
  const { reload } = list;
  useEffect(() => {
    if (seen.current === registrations) return;
    seen.current = registrations;
    reload();
  }, [registrations, reload]);

  const search = () =>
    list.setFilter({
      boxId: draft.boxId ? Number(draft.boxId) : undefined,
      username: draft.username.trim() || undefined,
      companyName: draft.companyName.trim() || undefined,
      boxType: draft.boxType.trim() || undefined,
    });
  const reset = () => {
    setDraft(EMPTY_DRAFT);
    list.setFilter({ boxId: undefined, username: undefined, companyName: undefined, boxType: undefined });
  };
  const edit = (field: keyof Draft) => (e: ChangeEvent<HTMLInputElement>) => {
    const value = field === 'boxId' ? e.target.value.replace(/\D/g, '').replace(/^0+/, '') : e.target.value;
    setDraft((d) => ({ ...d, [field]: value }));
  };

  const columns = useMemo<TableColumnsType<BoxRegRow>>(() => {
    const time = (v: number | null) => (v === null ? NONE : formatTime(v, lang));
    const text = (v: string | null) => (v ? v : NONE);
    return [
      { key: 'boxId', title: t('boxReg.column.boxId'), dataIndex: 'boxId', width: 120, fixed: 'left' },
      { key: 'owner', title: t('boxReg.column.owner'), dataIndex: 'owner', width: 140, ellipsis: true },
      { key: 'boxType', title: t('boxReg.column.boxType'), dataIndex: 'boxType', width: 120, ellipsis: true },
      { key: 'companyName', title: t('boxReg.column.companyName'), dataIndex: 'companyName', width: 160, ellipsis: true, render: text },
      { key: 'contact', title: t('boxReg.column.contact'), dataIndex: 'contact', width: 140, ellipsis: true, render: text },
      {
        key: 'push',
        title: t('boxReg.column.push'),
        children: [
          { key: 'pushWarning', title: t('boxReg.column.pushWarning'), dataIndex: 'pushWarning', width: 90, align: 'center' },
          { key: 'pushFault', title: t('boxReg.column.pushFault'), dataIndex: 'pushFault', width: 90, align: 'center' },
          { key: 'pushNormal', title: t('boxReg.column.pushNormal'), dataIndex: 'pushNormal', width: 110, align: 'center' },
        ],
      },
      {
        key: 'connection',
        title: t('boxReg.column.connection'),
        dataIndex: 'connection',
        width: 150,
        render: (v: BoxRegRow['connection']) => (
          <Tag color={CONNECTION_COLOR[v]} data-connection={v}>
            {connectionLabel(t, v)}
          </Tag>
        ),
      },
      { key: 'lastSeen', title: t('boxReg.column.lastSeen'), dataIndex: 'lastSeen', width: 180, render: time },
      { key: 'ip', title: t('boxReg.column.ip'), dataIndex: 'ip', width: 140, render: text },
      { key: 'devices', title: t('boxReg.column.devices'), dataIndex: 'devices', width: 110, align: 'right' },
      { key: 'registeredAt', title: t('boxReg.column.registeredAt'), dataIndex: 'registeredAt', width: 180, render: time },
      { key: 'registeredBy', title: t('boxReg.column.registeredBy'), dataIndex: 'registeredBy', width: 150, ellipsis: true },
    ];
  }, [t, lang]);

  return (
    <Card
      className="dms-box-reg"
      title={t('boxReg.route.list')}
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate(BOX_REG_CREATE_PATH)} data-testid="box-reg-create">
          {t('boxReg.action.create')}
        </Button>
      }
    >
      <div className="dms-toolbar dms-box-reg-toolbar">
        {FILTERS.map((f) => (
          <Input
            key={f.key}
            data-testid={f.testId}
            aria-label={t(f.label)}
            placeholder={t(f.label)}
            inputMode={f.key === 'boxId' ? 'numeric' : undefined}
            maxLength={f.maxLength}
            value={draft[f.key]}
            onChange={edit(f.key)}
            onPressEnter={search}
            className="dms-box-reg-filter"
          />
        ))}
        <Button type="primary" icon={<SearchOutlined />} onClick={search} data-testid="box-reg-search">
          {t('boxReg.filter.search')}
        </Button>
        <Button onClick={reset} data-testid="box-reg-reset">
          {t('boxReg.filter.reset')}
        </Button>
        <Button icon={<ReloadOutlined />} onClick={list.reload} data-testid="box-reg-reload">
          {t('common.action.refresh')}
        </Button>
      </div>
      <Table<BoxRegRow>
        data-testid="box-reg-table"
        rowKey="boxId"
        bordered
        columns={columns}
        dataSource={list.data.items}
        loading={list.loading}
        scroll={{ x: 1780 }}
        expandable={{ expandedRowRender: (row) => <BoxLinks boxId={row.boxId} /> }}
        pagination={list.pagination((total) => t('boxReg.table.total', { total }))}
      />
    </Card>
  );
}
