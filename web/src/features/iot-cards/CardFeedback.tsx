import { MessageOutlined } from '@ant-design/icons';
import { App, Button, Form, Grid, Input, Modal, Radio, Space, Tag, Typography, type TableColumnsType } from 'antd';
import {
  api,
  canAccess,
  FEEDBACK_KINDS,
  FEEDBACK_STATUSES,
  HANDLED_STATUSES,
  type FeedbackKind,
  type FeedbackRow,
  type FeedbackStatus,
} from '@dms/contract';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { call, endpointQuery } from '@/api/call';
import { useRoles } from '@/auth/session';
import { useSubmit } from '@/components/forms/useSubmit';
import { ChoiceFilter } from '@/components/list-page/ChoiceFilter';
import { ListPage } from '@/components/list-page/ListPage';
import { tableWidth } from '@/components/list-page/table-width';
import { useListState } from '@/components/list-page/useListState';
import { usePagedQuery } from '@/components/list-page/usePagedQuery';
import { useI18n } from '@/i18n';
import { formatTime } from '@/lib/format-time';
import { SearchAndTotal, TopBarDrawer } from './TopBarDrawer';

/** What sending or handling feedback makes stale: the list and the top bar's count. */
const FEEDBACK_READS = [api.iotCard.feedbackList, api.iotCard.feedbackNum] as const;
const STATUS_COLOR: Record<FeedbackStatus, string> = { pending: 'gold', done: 'green', declined: 'red' };

/**
 * The top bar's renewal feedback (spec 2, 7; issue 22): how much is not yet handled (`get_feedback_num`: all of it for
 * root and limited_admin, one's own for others) as a badge that opens the recharge-feedback page.
 */
export function CardFeedbackButton() {
  const roles = useRoles();
  return canAccess(roles, 'msg') ? <FeedbackButton /> : null;
}

function FeedbackButton() {
  const { t } = useI18n();
  const count = useQuery(endpointQuery(api.iotCard.feedbackNum, {})).data ?? 0;
  return (
    <TopBarDrawer
      testId="card-feedback"
      count={count}
      label={t('iotCards.feedback.open')}
      title={t('iotCards.feedback.title')}
      icon={<MessageOutlined style={{ fontSize: 16 }} />}
    >
      <FeedbackList />
    </TopBarDrawer>
  );
}

/** The recharge-feedback page: pending first, then newest; root and limited_admin answer what is pending. */
function FeedbackList() {
  const { t, lang } = useI18n();
  const keeper = canAccess(useRoles(), 'iotCard');
  const screens = Grid.useBreakpoint();
  const list = useListState<{ status: FeedbackStatus | undefined; query: string | undefined }>({ status: undefined, query: undefined });
  const { status, query } = list.params.filter;
  const rows = usePagedQuery(
    endpointQuery(api.iotCard.feedbackList, {
      query: { ...(status ? { status } : {}), ...(query ? { query } : {}), page: list.params.page, page_size: list.params.pageSize },
    }),
  );
  const [answering, setAnswering] = useState<FeedbackRow | null>(null);

  const columns = useMemo<TableColumnsType<FeedbackRow>>(
    () => [
      {
        key: 'card',
        title: t('iotCards.feedback.column.card'),
        width: 210,
        render: (_: unknown, f) => (
          <Space orientation="vertical" size={0}>
            <Typography.Text copyable>{f.iccid}</Typography.Text>
            <Typography.Text type="secondary">
              {[f.boxId === null ? null : `${t('iotCards.column.box')} ${f.boxId}`, f.expiresOn].filter(Boolean).join(' · ')}
            </Typography.Text>
          </Space>
        ),
      },
      {
        key: 'kind',
        title: t('iotCards.feedback.column.kind'),
        width: 220,
        render: (_: unknown, f) => (
          <Space orientation="vertical" size={0}>
            <span data-testid={`feedback-kind-${f.id}`}>{t(`iotCards.feedback.kind.${f.kind}`)}</span>
            {f.note && <Typography.Text type="secondary">{f.note}</Typography.Text>}
          </Space>
        ),
      },
      {
        key: 'sender',
        title: t('iotCards.feedback.column.sender'),
        width: 170,
        render: (_: unknown, f) => (
          <Space orientation="vertical" size={0}>
            <span>{f.sender}</span>
            <Typography.Text type="secondary">{formatTime(f.createdAt, lang)}</Typography.Text>
          </Space>
        ),
      },
      {
        key: 'status',
        title: t('iotCards.feedback.column.status'),
        width: 110,
        render: (_: unknown, f) => (
          <Tag color={STATUS_COLOR[f.status]} data-testid={`feedback-status-${f.id}`} data-status={f.status}>
            {t(`iotCards.feedback.status.${f.status}`)}
          </Tag>
        ),
      },
      {
        key: 'reply',
        title: t('iotCards.feedback.column.reply'),
        width: 240,
        render: (_: unknown, f) =>
          f.handledAt === null ? (
            '—'
          ) : (
            <Space orientation="vertical" size={0}>
              <span data-testid={`feedback-reply-${f.id}`}>{f.reply}</span>
              <Typography.Text type="secondary">
                {t('iotCards.feedback.by', { user: f.handledBy ?? '', time: formatTime(f.handledAt, lang) })}
              </Typography.Text>
            </Space>
          ),
      },
      ...(keeper
        ? [
            {
              key: 'actions',
              title: t('iotCards.feedback.column.actions'),
              width: 100,
              render: (_: unknown, f: FeedbackRow) =>
                f.status === 'pending' && (
                  <Button
                    size="small"
                    type="primary"
                    ghost
                    data-testid={`feedback-handle-${f.id}`}
                    onClick={() => {
                      setAnswering(f);
                    }}
                  >
                    {t('iotCards.feedback.handle')}
                  </Button>
                ),
            },
          ]
        : []),
    ],
    [t, lang, keeper],
  );

  return (
    <>
      <ListPage
        className="dms-drawer-list"
        toolbar={
          <Space wrap className="dms-toolbar">
            <ChoiceFilter
              testId="feedback-status-filter"
              label={t('iotCards.feedback.column.status')}
              all={t('iotCards.feedback.allStatuses')}
              value={status}
              values={FEEDBACK_STATUSES}
              labelOf={(s) => t(`iotCards.feedback.status.${s}`)}
              onChange={(next) => {
                list.setFilter({ status: next });
              }}
            />
            <SearchAndTotal
              testId="feedback"
              label={t('iotCards.feedback.search')}
              query={query}
              onSearch={(next) => {
                list.setFilter({ query: next });
              }}
              total={{ count: rows.data.total, words: t('iotCards.feedback.total', { total: rows.data.total }) }}
              loading={rows.loading}
            />
          </Space>
        }
        list={list}
        page={rows}
        columns={columns}
        data-testid="feedback-table"
        rowKey="id"
        size="small"
        scroll={{ x: tableWidth(columns, 120, screens) }}
        showTotal={(total) => t('iotCards.feedback.total', { total })}
      />
      {answering && (
        <HandleFeedback
          feedback={answering}
          onClose={() => {
            setAnswering(null);
          }}
        />
      )}
    </>
  );
}

/** Root's or limited_admin's answer to pending feedback: done or declined, and a reply the sender is told. */
function HandleFeedback({ feedback, onClose }: { feedback: FeedbackRow; onClose: () => void }) {
  const { t } = useI18n();
  const { message } = App.useApp();
  const [status, setStatus] = useState<(typeof HANDLED_STATUSES)[number]>('done');
  const [reply, setReply] = useState('');
  const save = useSubmit(
    async () => {
      await call(api.iotCard.handleFeedback, { params: { id: feedback.id }, body: { status, reply } }, { errorDisplay: 'none' });
      void message.success(t('iotCards.feedback.handled'));
      onClose();
    },
    { invalidates: FEEDBACK_READS },
  );
  return (
    <Modal
      open
      title={t('iotCards.feedback.sendTitle', { iccid: feedback.iccid })}
      onCancel={onClose}
      okText={t('iotCards.feedback.answer')}
      cancelText={t('common.action.cancel')}
      confirmLoading={save.busy}
      okButtonProps={{ 'data-testid': 'feedback-handle-save' }}
      onOk={() => void save.run()}
      data-testid="feedback-handle-dialog"
      destroyOnHidden
    >
      <Form layout="vertical" component="div">
        <Form.Item label={t('iotCards.feedback.column.status')}>
          <Radio.Group
            data-testid="feedback-handle-status"
            value={status}
            onChange={(e) => {
              setStatus(e.target.value as typeof status);
            }}
            options={HANDLED_STATUSES.map((s) => ({ value: s, label: t(`iotCards.feedback.status.${s}`) }))}
          />
        </Form.Item>
        <Form.Item label={t('iotCards.feedback.reply')} validateStatus={save.error ? 'error' : undefined} help={save.error}>
          <Input.TextArea
            data-testid="feedback-handle-reply"
            maxLength={500}
            rows={3}
            value={reply}
            onChange={(e) => {
              setReply(e.target.value);
            }}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** A user's feedback about one card of the expired-device list: renewed (please check) or please renew, with a note. */
export function SendFeedback({ cardId, iccid }: { cardId: number; iccid: string }) {
  const { t } = useI18n();
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const [kind, setKind] = useState<FeedbackKind>('renewed');
  const [note, setNote] = useState('');
  const send = useSubmit(
    async () => {
      await call(api.iotCard.sendFeedback, { body: { cardId, kind, note } }, { errorDisplay: 'none' });
      void message.success(t('iotCards.feedback.sent'));
      setOpen(false);
      setNote('');
    },
    { invalidates: FEEDBACK_READS },
  );
  return (
    <>
      <Button
        type="link"
        size="small"
        data-testid={`iot-card-feedback-${cardId}`}
        onClick={() => {
          setOpen(true);
        }}
      >
        {t('iotCards.feedback.send')}
      </Button>
      {open && (
        <Modal
          open
          title={t('iotCards.feedback.sendTitle', { iccid })}
          onCancel={() => {
            setOpen(false);
          }}
          okText={t('iotCards.feedback.submit')}
          cancelText={t('common.action.cancel')}
          confirmLoading={send.busy}
          okButtonProps={{ 'data-testid': 'feedback-send' }}
          onOk={() => void send.run()}
          data-testid="feedback-send-dialog"
          destroyOnHidden
        >
          <Form layout="vertical" component="div">
            <Form.Item validateStatus={send.error ? 'error' : undefined} help={send.error}>
              <Radio.Group
                data-testid="feedback-send-kind"
                value={kind}
                onChange={(e) => {
                  setKind(e.target.value as FeedbackKind);
                }}
                options={FEEDBACK_KINDS.map((k) => ({ value: k, label: t(`iotCards.feedback.kind.${k}`) }))}
              />
            </Form.Item>
            <Form.Item label={t('iotCards.feedback.note')}>
              <Input.TextArea
                data-testid="feedback-send-note"
                maxLength={500}
                rows={3}
                value={note}
                onChange={(e) => {
                  setNote(e.target.value);
                }}
              />
            </Form.Item>
          </Form>
        </Modal>
      )}
    </>
  );
}
