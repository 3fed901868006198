import { CreditCardOutlined, UploadOutlined } from '@ant-design/icons';
import {
  App,
  Badge,
  Button,
  DatePicker,
  Drawer,
  Form,
  Grid,
  Input,
  Popover,
  Space,
  Tabs,
  Tag,
  Typography,
  type TableColumnsType,
} from 'antd';
import { api, canAccess, EXPIRY_MONTHS, MAX_UPLOAD_BYTES, type CardImportRow, type CardRow, type ExpiryMonth } from '@dms/contract';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { call, endpointQuery } from '@/api/call';
import { useRoles } from '@/auth/session';
import { SheetImport } from '@/components/forms/SheetImport';
import { useSubmit } from '@/components/forms/useSubmit';
import { ExportButton } from '@/components/list-page/ExportButton';
import { ListPage } from '@/components/list-page/ListPage';
import { SearchInput } from '@/components/list-page/SearchInput';
import { tableWidth } from '@/components/list-page/table-width';
import { useListState } from '@/components/list-page/useListState';
import { usePagedQuery } from '@/components/list-page/usePagedQuery';
import { useI18n } from '@/i18n';
import { useAppState } from '@/settings/app-state';

/** What a card's change makes stale: every month's list and the badge. */
const CARD_READS = [api.iotCard.expiredList, api.iotCard.cards] as const;

/**
 * The top bar's IoT cards (spec 2, 7; issue 22): the count of cards expiring this month of the boxes the user reaches
 * (`get_expired_list`, this_month, page 1, page_size 10: its `total`), as a badge that opens the expired-device list.
 */
export function ExpiredCardsButton() {
  const roles = useRoles();
  return canAccess(roles, 'msg') ? <CardsButton /> : null;
}

function CardsButton() {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const badge = useQuery(endpointQuery(api.iotCard.expiredList, { query: { month: 'this_month', page: 1, page_size: 10 } }));
  const count = badge.data?.total ?? 0;
  const mobile = useAppState((s) => s.device === 'mobile');
  return (
    <>
      <Button
        type="text"
        data-testid="iot-cards"
        data-count={count}
        aria-label={t('iotCards.badge')}
        title={t('iotCards.badge')}
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
      >
        <Badge count={count} size="small" overflowCount={99} data-testid="iot-cards-badge">
          <CreditCardOutlined style={{ fontSize: 16 }} />
        </Badge>
      </Button>
      {opened && (
        <Drawer
          open={open}
          onClose={() => {
            setOpen(false);
          }}
          title={t('iotCards.title')}
          size={mobile ? '100%' : 1000}
          data-testid="iot-cards-drawer"
          destroyOnHidden
        >
          <ExpiredCardList />
        </Drawer>
      )}
    </>
  );
}

/** The expired-device list: the three months as tabs, a search, pages, the export; root and limited_admin set and import cards. */
function ExpiredCardList() {
  const { t } = useI18n();
  const roles = useRoles();
  const keeper = canAccess(roles, 'iotCard');
  const screens = Grid.useBreakpoint();
  const list = useListState<{ month: ExpiryMonth; query: string | undefined }>({ month: 'this_month', query: undefined });
  const { month, query } = list.params.filter;
  const rows = usePagedQuery(
    endpointQuery(api.iotCard.expiredList, {
      query: { month, ...(query ? { query } : {}), page: list.params.page, page_size: list.params.pageSize },
    }),
  );
  const [importing, setImporting] = useState(false);

  const columns = useMemo<TableColumnsType<CardRow>>(
    () => [
      {
        key: 'box',
        title: t('iotCards.column.box'),
        width: 110,
        render: (_: unknown, c) => (c.boxId === null ? '—' : <span data-testid={`iot-card-box-${c.id}`}>{c.boxId}</span>),
      },
      {
        key: 'devices',
        title: t('iotCards.column.devices'),
        width: 130,
        render: (_: unknown, c) => (
          <Space size={4} wrap>
            {c.devices.map((d) => (
              <Link key={d.id} to={d.path}>{`${c.boxId ?? ''}/${d.controller}`}</Link>
            ))}
          </Space>
        ),
      },
      { key: 'company', title: t('iotCards.column.company'), width: 170, ellipsis: true, render: (_: unknown, c) => c.company || '—' },
      {
        key: 'iccid',
        title: t('iotCards.column.iccid'),
        width: 200,
        render: (_: unknown, c) => <Typography.Text copyable>{c.iccid}</Typography.Text>,
      },
      { key: 'provider', title: t('iotCards.column.provider'), width: 110, render: (_: unknown, c) => c.provider || '—' },
      {
        key: 'expiry',
        title: t('iotCards.column.expiry'),
        width: 120,
        render: (_: unknown, c) => <span data-testid={`iot-card-expiry-${c.id}`}>{c.expiresOn ?? t('iotCards.notSet')}</span>,
      },
      {
        key: 'daysLeft',
        title: t('iotCards.column.daysLeft'),
        width: 110,
        render: (_: unknown, c) =>
          c.daysLeft === null ? (
            '—'
          ) : c.daysLeft < 0 ? (
            <Tag color="error">{t('iotCards.daysAgo', { days: -c.daysLeft })}</Tag>
          ) : (
            <Tag color={c.daysLeft <= 7 ? 'warning' : 'default'}>
              {c.daysLeft === 0 ? t('iotCards.today') : t('iotCards.daysLeft', { days: c.daysLeft })}
            </Tag>
          ),
      },
      ...(keeper
        ? [
            {
              key: 'actions',
              title: t('iotCards.column.actions'),
              width: 120,
              render: (_: unknown, c: CardRow) => <CardEdit card={c} />,
            },
          ]
        : []),
    ],
    [t, keeper],
  );

  return (
    <>
      <Tabs
        activeKey={month}
        onChange={(key) => {
          list.setFilter({ month: key as ExpiryMonth });
        }}
        items={EXPIRY_MONTHS.map((m) => ({ key: m, label: <span data-testid={`iot-cards-tab-${m}`}>{t(`iotCards.month.${m}`)}</span> }))}
      />
      <ListPage
        className="dms-drawer-list"
        extra={
          <Space wrap>
            {keeper && (
              <Button
                icon={<UploadOutlined />}
                data-testid="iot-cards-import"
                onClick={() => {
                  setImporting(true);
                }}
              >
                {t('iotCards.import')}
              </Button>
            )}
            <ExportButton
              testId="iot-cards-export"
              disabled={rows.data.total === 0}
              body={() => ({ kind: 'iot-cards', filter: { month, ...(query ? { query } : {}) } })}
            />
          </Space>
        }
        toolbar={
          <Space wrap className="dms-toolbar">
            <SearchInput
              data-testid="iot-cards-search"
              aria-label={t('iotCards.search')}
              placeholder={t('iotCards.search')}
              allowClear
              style={{ width: 300 }}
              value={query ?? ''}
              onSearch={(text) => {
                list.setFilter({ query: text.trim() || undefined });
              }}
            />
            <Typography.Text type="secondary" data-testid="iot-cards-total" data-total={rows.loading ? undefined : rows.data.total}>
              {t('iotCards.total', { total: rows.data.total })}
            </Typography.Text>
          </Space>
        }
        list={list}
        page={rows}
        columns={columns}
        data-testid="iot-cards-table"
        rowKey="id"
        size="small"
        scroll={{ x: tableWidth(columns, 120, screens) }}
        showTotal={(total) => t('iotCards.total', { total })}
      />
      {keeper && (
        <SheetImport<CardImportRow>
          open={importing}
          onClose={() => {
            setImporting(false);
          }}
          testId="iot-cards-import"
          send={(body) => call(api.iotCard.importCards, { body }, { errorDisplay: 'none' })}
          invalidates={CARD_READS}
          texts={{
            title: t('iotCards.importTitle'),
            help: t('iotCards.importHelp', { size: MAX_UPLOAD_BYTES / 1024 }),
            problems: (count) => t('iotCards.importProblems', { count }),
            changes: (count, unchanged) => t('iotCards.importChanges', { count, unchanged }),
            done: (count) => t('iotCards.imported', { count }),
          }}
          columns={[
            { key: 'iccid', title: t('iotCards.column.iccid'), dataIndex: 'iccid', width: 200 },
            {
              key: 'known',
              title: '',
              width: 90,
              render: (_: unknown, r) => <Tag>{t(r.known ? 'iotCards.known' : 'iotCards.newCard')}</Tag>,
            },
            { key: 'expiresOn', title: t('iotCards.column.expiry'), dataIndex: 'expiresOn', width: 120 },
            { key: 'provider', title: t('iotCards.column.provider'), dataIndex: 'provider', width: 120 },
          ]}
        />
      )}
    </>
  );
}

/** Root's and limited_admin's setting of one card: its expiry date and provider. */
function CardEdit({ card }: { card: CardRow }) {
  const { t } = useI18n();
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const [expiresOn, setExpiresOn] = useState(card.expiresOn);
  const [provider, setProvider] = useState(card.provider);
  const save = useSubmit(
    async () => {
      await call(api.iotCard.setCard, { params: { id: card.id }, body: { expiresOn, provider } });
      void message.success(t('iotCards.saved'));
      setOpen(false);
    },
    { invalidates: CARD_READS },
  );
  return (
    <Popover
      trigger="click"
      open={open}
      onOpenChange={setOpen}
      content={
        <Form layout="vertical" component="div" style={{ width: 240 }}>
          <Form.Item label={t('iotCards.column.expiry')}>
            <DatePicker
              data-testid={`iot-card-date-${card.id}`}
              value={expiresOn ? dayjs(expiresOn) : null}
              format="YYYY-MM-DD"
              onChange={(d) => {
                setExpiresOn(d ? d.format('YYYY-MM-DD') : null);
              }}
              style={{ width: '100%' }}
            />
          </Form.Item>
          <Form.Item label={t('iotCards.column.provider')}>
            <Input
              data-testid={`iot-card-provider-${card.id}`}
              maxLength={64}
              value={provider}
              onChange={(e) => {
                setProvider(e.target.value);
              }}
            />
          </Form.Item>
          <Button type="primary" size="small" data-testid={`iot-card-save-${card.id}`} loading={save.busy} onClick={() => void save.run()}>
            {t('iotCards.save')}
          </Button>
        </Form>
      }
    >
      <Button type="link" size="small" data-testid={`iot-card-edit-${card.id}`}>
        {t('iotCards.edit')}
      </Button>
    </Popover>
  );
}
