import { CheckOutlined, CopyOutlined } from '@ant-design/icons';
import { Alert, Card, Descriptions, Typography } from 'antd';
import type { Calculated } from '@dms/contract';
import { useEffect, useRef } from 'react';
import { useI18n } from '@/i18n';
import { formatTime } from '@/lib/format-time';
import { MODE_LABEL } from '../modes';

/**
 * A password calculated, shown once: large, to be copied or typed into the controller, with what it unlocks, the
 * controller's serial and challenge, until when the controller accepts it, and the quota left.
 */
export function PasswordResult({ result }: { result: Calculated }) {
  const { t, lang } = useI18n();
  const card = useRef<HTMLDivElement>(null);
  // Brought into view when it comes: on a phone the form above fills the screen.
  useEffect(() => {
    card.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, []);
  return (
    <Card ref={card} data-testid="qr-result" title={t('qrManage.result.title', { serial: result.serial })}>
      <Typography.Paragraph type="secondary">{t('qrManage.result.once')}</Typography.Paragraph>
      <div className="dms-qr-password-row">
        <span data-testid="qr-result-password" className="dms-qr-password">
          {result.password}
        </span>
        <Typography.Text
          copyable={{
            text: result.password,
            icon: [
              <span key="copy" data-testid="qr-result-copy">
                <CopyOutlined /> {t('qrManage.result.copy')}
              </span>,
              <span key="copied">
                <CheckOutlined /> {t('qrManage.result.copied')}
              </span>,
            ],
            tooltips: false,
          }}
        />
      </div>
      <Alert
        type="success"
        showIcon
        style={{ margin: '16px 0' }}
        data-testid="qr-result-valid-until"
        title={t('qrManage.result.validUntil', { time: formatTime(result.validUntil, lang) })}
      />
      <Descriptions size="small" column={{ xs: 1, sm: 2 }} data-testid="qr-result-facts">
        <Descriptions.Item label={t('qrManage.result.mode')}>
          <span data-testid="qr-result-mode">{t(MODE_LABEL[result.mode])}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('qrManage.result.serial')}>
          <Typography.Text code data-testid="qr-result-serial">
            {result.serial}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t('qrManage.result.challenge')}>
          <Typography.Text code data-testid="qr-result-challenge">
            {result.challenge}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t('qrManage.result.calculatedAt')}>{formatTime(result.calculatedAt, lang)}</Descriptions.Item>
        <Descriptions.Item label={t('qrManage.result.quota')}>
          <span data-testid="qr-result-quota">
            {result.remaining === null ? t('qrManage.mine.unlimited') : t('qrManage.mine.left', { count: result.remaining })}
          </span>
        </Descriptions.Item>
      </Descriptions>
    </Card>
  );
}
