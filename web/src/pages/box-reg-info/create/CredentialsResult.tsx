import { CheckCircleFilled, CopyOutlined, DownloadOutlined, PlusOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { Alert, App, Button, Descriptions, Space, Table, Typography, type TableColumnsType } from 'antd';
import { api, type BoxCredentials } from '@dms/contract';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useBlocker } from 'react-router';
import { call } from '@/api/call';
import { saveBlob } from '@/api/download';
import { isApiError } from '@/api/client';
import { useI18n } from '@/i18n';
import { formatTime } from '@/lib/format-time';
import { useLatest } from '@/lib/useLatest';
import type { Registered } from './RegistrationForm';

export const CREDENTIALS_FILENAME = 'box-credentials.xlsx';

/**
 * What a registration answers, shown once: each box's MQTT credentials with copy buttons, and the one-time .xlsx
 * download. Nothing of it is kept: leaving the page (or registering more) loses the passwords, so until they were
 * downloaded or copied the console asks before it lets the user go.
 */
export function CredentialsResult({ registered, onMore, onBack }: { registered: Registered; onMore: () => void; onBack: () => void }) {
  const { t, lang } = useI18n();
  const { message, modal } = App.useApp();
  const { result, body, user } = registered;
  const [downloading, setDownloading] = useState(false);
  const [downloaded, setDownloaded] = useState(false);
  const [copied, setCopied] = useState(false);
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const saved = downloaded || copied;

  // Leaving through the console (menu, tags, links, back): ask while the passwords are not saved.
  const blocker = useBlocker(({ currentLocation, nextLocation }) => !saved && currentLocation.pathname !== nextLocation.pathname);
  const latest = useLatest(blocker);
  /** The one question before leaving unsaved passwords behind: leave (danger) or stay. */
  const confirmLeave = useCallback(
    (onLeave: () => void, onStay?: () => void) =>
      modal.confirm({
        title: t('boxRegInfo.result.leaveTitle'),
        content: t('boxRegInfo.result.leaveContent'),
        okText: t('boxRegInfo.result.leave'),
        okButtonProps: { danger: true },
        cancelText: t('boxRegInfo.result.stay'),
        onOk: onLeave,
        ...(onStay ? { onCancel: onStay } : {}),
      }),
    [modal, t],
  );
  // Asked once for each navigation held back, keyed by that navigation (a new location each time the user tries to
  // leave), not by the blocker's state: the router's updates reach React as transitions, and a busy machine can
  // render "Stay" (unblocked) and the next try to leave (blocked again) in one go, the state reading "blocked" before
  // and after. Keyed by the state, that try would ask nothing and the click would do nothing.
  const held = blocker.state === 'blocked' ? blocker.location : null;
  const question = useRef<ReturnType<typeof confirmLeave> | null>(null);
  useEffect(() => {
    if (!held) return;
    // One question at a time: a navigation held while one is open (the browser's back) replaces it.
    question.current?.destroy();
    question.current = confirmLeave(
      () => {
        if (latest.current.state === 'blocked') latest.current.proceed();
      },
      () => {
        if (latest.current.state === 'blocked') latest.current.reset();
      },
    );
  }, [held, confirmLeave, latest]);
  // Leaving the console itself (reload, closing the tab): the browser's own question.
  useEffect(() => {
    if (saved) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => {
      window.removeEventListener('beforeunload', warn);
    };
  }, [saved]);

  async function download(): Promise<void> {
    setDownloadError(null);
    setDownloading(true);
    try {
      saveBlob(await call(api.boxRegInfo.credentials, { params: { token: result.download.token } }), CREDENTIALS_FILENAME);
      setDownloaded(true);
    } catch (error) {
      setDownloadError((isApiError(error) && error.message) || t('common.state.hasError'));
    } finally {
      setDownloading(false);
    }
  }

  async function copyAll(): Promise<void> {
    const header = [
      t('boxRegInfo.column.boxId'),
      t('boxRegInfo.credentials.clientId'),
      t('boxRegInfo.credentials.username'),
      t('boxRegInfo.credentials.password'),
      t('boxRegInfo.credentials.brokerHost'),
      t('boxRegInfo.credentials.brokerPort'),
      t('boxRegInfo.credentials.mqttVersion'),
      t('boxRegInfo.credentials.protocolVersion'),
    ];
    const { broker } = result;
    const connect = [broker.host, String(broker.port), broker.mqttVersion, String(broker.protocolVersion)];
    const lines = [header, ...result.boxes.map((b) => [String(b.boxId), b.clientId, b.username, b.password, ...connect])].map((l) =>
      l.join('\t'),
    );
    try {
      await navigator.clipboard.writeText(lines.join('\n'));
      setCopied(true);
      void message.success(t('boxRegInfo.action.copied'));
    } catch {
      void message.error(t('common.state.hasError'));
    }
  }

  function confirmMore(): void {
    if (saved) {
      onMore();
      return;
    }
    confirmLeave(onMore);
  }

  const columns = useMemo<TableColumnsType<BoxCredentials>>(
    () => [
      { key: 'boxId', title: t('boxRegInfo.column.boxId'), dataIndex: 'boxId', width: 120 },
      {
        key: 'clientId',
        title: t('boxRegInfo.credentials.clientId'),
        dataIndex: 'clientId',
        width: 190,
        render: (v: string) => <Typography.Text copyable>{v}</Typography.Text>,
      },
      {
        key: 'username',
        title: t('boxRegInfo.credentials.username'),
        dataIndex: 'username',
        width: 160,
        render: (v: string) => <Typography.Text copyable>{v}</Typography.Text>,
      },
      {
        key: 'password',
        title: t('boxRegInfo.credentials.password'),
        dataIndex: 'password',
        render: (v: string) => (
          <Typography.Text copyable code className="dms-box-reg-password" data-testid="box-reg-password">
            {v}
          </Typography.Text>
        ),
      },
    ],
    [t],
  );

  return (
    <div className="dms-box-reg-result" data-testid="box-reg-result">
      <div className="dms-box-reg-result-head">
        <CheckCircleFilled className="dms-box-reg-result-icon" />
        <div>
          <Typography.Title level={4} className="dms-box-reg-result-title">
            {t('boxRegInfo.result.title', { count: result.boxes.length })}
          </Typography.Title>
          <Typography.Text type="secondary">
            {t('boxRegInfo.result.subtitle', { owner: user?.username ?? `#${body.userId}`, start: body.startBoxId, end: body.endBoxId })}
          </Typography.Text>
        </div>
      </div>
      <Alert
        type="warning"
        showIcon
        data-testid="box-reg-once-warning"
        className="dms-form-alert"
        title={t('boxRegInfo.result.warning')}
        description={t('boxRegInfo.result.warningDetail', { time: formatTime(result.download.expiresAt, lang) })}
      />
      <Space wrap className="dms-toolbar">
        <Button
          type="primary"
          icon={<DownloadOutlined />}
          loading={downloading}
          onClick={() => void download()}
          data-testid="box-reg-download"
        >
          {t('boxRegInfo.action.download')}
        </Button>
        <Button icon={<CopyOutlined />} onClick={() => void copyAll()} data-testid="box-reg-copy-all">
          {t('boxRegInfo.action.copyAll')}
        </Button>
        <Button icon={<PlusOutlined />} onClick={confirmMore} data-testid="box-reg-more">
          {t('boxRegInfo.action.registerMore')}
        </Button>
        <Button icon={<UnorderedListOutlined />} onClick={onBack} data-testid="box-reg-back">
          {t('boxRegInfo.action.backToList')}
        </Button>
      </Space>
      <Descriptions
        data-testid="box-reg-broker"
        className="dms-box-reg-broker"
        size="small"
        bordered
        title={t('boxRegInfo.credentials.broker')}
        column={{ xs: 1, sm: 2 }}
        items={[
          {
            key: 'host',
            label: t('boxRegInfo.credentials.brokerHost'),
            children: (
              <Typography.Text copyable data-testid="box-reg-broker-host">
                {result.broker.host}
              </Typography.Text>
            ),
          },
          {
            key: 'port',
            label: t('boxRegInfo.credentials.brokerPort'),
            children: (
              <Typography.Text copyable data-testid="box-reg-broker-port">
                {String(result.broker.port)}
              </Typography.Text>
            ),
          },
          { key: 'mqtt', label: t('boxRegInfo.credentials.mqttVersion'), children: `MQTT ${result.broker.mqttVersion}` },
          { key: 'protocol', label: t('boxRegInfo.credentials.protocolVersion'), children: String(result.broker.protocolVersion) },
        ]}
      />
      {downloaded && !downloadError && (
        <Alert
          type="success"
          showIcon
          data-testid="box-reg-downloaded"
          className="dms-form-alert"
          title={t('boxRegInfo.result.downloaded')}
        />
      )}
      {downloadError && (
        <Alert type="error" showIcon role="alert" data-testid="box-reg-download-error" className="dms-form-alert" title={downloadError} />
      )}
      <Table<BoxCredentials>
        data-testid="box-reg-credentials"
        rowKey="boxId"
        size="small"
        bordered
        columns={columns}
        dataSource={result.boxes}
        scroll={{ x: 700 }}
        pagination={{ defaultPageSize: 50, hideOnSinglePage: true, showSizeChanger: true, pageSizeOptions: [50, 100, 200] }}
      />
    </div>
  );
}
