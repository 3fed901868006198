import { CreditCardOutlined, UploadOutlined } from '@ant-design/icons';
import { App, Button, DatePicker, Form, Grid, Input, Popover, Space, Tabs, Tag, Typography, type TableColumnsType } from 'antd';
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
import { tableWidth } from '@/components/list-page/table-width';
import { useListState } from '@/components/list-page/useListState';
import { usePagedQuery } from '@/components/list-page/usePagedQuery';
import { useI18n } from '@/i18n';
import { SearchAndTotal, TopBarDrawer } from './TopBarDrawer';
import { SendFeedback } from './CardFeedback';
import { RenewalPrompt } from './RenewalPrompt';

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
  const badge = useQuery(endpointQuery(api.iotCard.expiredList, { query: { month: 'this_month', page: 1, page_size: 10 } }));
  return (
    <TopBarDrawer
      testId="iot-cards"
      count={badge.data?.total ?? 0}
      label={t('iotCards.badge')}
      title={t('iotCards.title')}
      icon={<CreditCardOutlined style={{ fontSize: 16 }} />}
    >
      <ExpiredCardList />
    </TopBarDrawer>
  );
}

/**
 * The expired-device list: the renewal prompt, the three months as tabs, a search, pages, the export; feedback on a
 * card from everyone; root and limited_admin set and import cards.
 */
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
      {
        key: 'actions',
        title: t('iotCards.column.actions'),
        width: keeper ? 180 : 100,
        render: (_: unknown, c: CardRow) => (
          <Space size={0} wrap>
            <SendFeedback cardId={c.id} iccid={c.iccid} />
            {keeper && <CardEdit card={c} />}
          </Space>
        ),
      },
    ],
    [t, keeper],
  );

  return (
    <>
      {month !== 'next_month' && <RenewalPrompt />}
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
            <SearchAndTotal
              testId="iot-cards"
              label={t('iotCards.search')}
              query={query}
              onSearch={(next) => {
                list.setFilter({ query: next });
              }}
              total={{ count: rows.data.total, words: t('iotCards.total', { total: rows.data.total }) }}
              loading={rows.loading}
            />
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
