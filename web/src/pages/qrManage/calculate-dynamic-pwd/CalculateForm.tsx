import { Alert, Button, Card, Form, Input, Radio, Typography } from 'antd';
import { api, PASSWORD_MODE_NAMES, type Calculated, type DeviceListItem, type PasswordMode } from '@dms/contract';
import { useCallback, useRef, useState } from 'react';
import { call } from '@/api/call';
import { useSubmit } from '@/components/forms/useSubmit';
import { useI18n } from '@/i18n';
import { MODE_LABEL } from '../modes';
import { CALCULATE_CHANGES } from '../queries';
import { DeviceSelect } from './DeviceSelect';
import { LockNote } from './LockNote';
import { requestFor, type PendingRequest } from './request-key';

interface CalculateValues {
  deviceId: number | null;
  challenge: string;
  mode: PasswordMode;
}

const CHALLENGE = /^\d{6}$/;

/**
 * The device whose controller is locked, the challenge it shows and what the password does. Each submission carries
 * a key of its own (requestId); sent again unchanged after a failure (no answer, a refusal), it keeps its key, so the
 * server answers a calculation it already made with the same password, debited once.
 */
export function CalculateForm({ onResult }: { onResult: (result: Calculated | null) => void }) {
  const { t } = useI18n();
  const [form] = Form.useForm<CalculateValues>();
  const pending = useRef<PendingRequest | null>(null);
  const [picked, setPicked] = useState<DeviceListItem | null>(null);
  // The challenge the chosen controller shows fills the field, unless the user typed one.
  const onChallenge = useCallback(
    (challenge: string) => {
      if (!form.isFieldTouched('challenge') || form.getFieldValue('challenge') === '') form.setFieldValue('challenge', challenge);
    },
    [form],
  );
  const { busy, error, run, clearError } = useSubmit(
    async ({ deviceId, challenge, mode }: CalculateValues) => {
      if (deviceId === null) return;
      const request = requestFor(pending.current, JSON.stringify([deviceId, challenge, mode]));
      pending.current = request;
      onResult(null);
      const result = await call(
        api.qrManage.calculate,
        { body: { deviceId, challenge, mode, requestId: request.requestId } },
        { errorDisplay: 'none' },
      );
      // Answered: the next submission is a calculation of its own.
      pending.current = null;
      onResult(result);
    },
    { invalidates: CALCULATE_CHANGES },
  );

  return (
    <Card title={t('qrManage.calculate.title')} data-testid="qr-calculate">
      <Typography.Paragraph type="secondary">{t('qrManage.calculate.help')}</Typography.Paragraph>
      <Form<CalculateValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ deviceId: null, challenge: '', mode: 'unlock-1d' }}
        onFinish={(v) => void run(v)}
        onValuesChange={() => {
          clearError();
          onResult(null);
        }}
      >
        <Form.Item
          name="deviceId"
          label={t('qrManage.calculate.device')}
          rules={[{ required: true, message: t('qrManage.calculate.deviceNeeded') }]}
        >
          <DeviceSelect
            data-testid="qr-calc-device"
            aria-label={t('qrManage.calculate.device')}
            placeholder={t('qrManage.calculate.devicePlaceholder')}
            onPick={setPicked}
          />
        </Form.Item>
        {picked && <LockNote key={picked.id} device={picked} onChallenge={onChallenge} />}
        <Form.Item
          name="challenge"
          label={t('qrManage.calculate.challenge')}
          validateTrigger="onBlur"
          rules={[{ required: true, pattern: CHALLENGE, message: t('qrManage.calculate.challengeNeeded') }]}
        >
          <Input
            data-testid="qr-calc-challenge"
            placeholder={t('qrManage.calculate.challengePlaceholder')}
            inputMode="numeric"
            autoComplete="off"
            maxLength={6}
            style={{ width: 160 }}
          />
        </Form.Item>
        <Form.Item name="mode" label={t('qrManage.calculate.mode')}>
          <Radio.Group
            data-testid="qr-calc-mode"
            options={PASSWORD_MODE_NAMES.map((m) => ({
              value: m,
              label: <span data-testid={`qr-calc-mode-${m}`}>{t(MODE_LABEL[m])}</span>,
            }))}
          />
        </Form.Item>
        {error && <Alert type="error" title={error} showIcon role="alert" data-testid="qr-calc-error" className="dms-form-alert" />}
        <Button type="primary" htmlType="submit" loading={busy} data-testid="qr-calc-submit">
          {t('qrManage.calculate.submit')}
        </Button>
      </Form>
    </Card>
  );
}
