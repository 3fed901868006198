import { api, type TwoFactorSetup } from '@dms/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Image, Input, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { call, endpointQuery } from '@/api/call';
import { useSubmit } from '@/components/forms/useSubmit';
import { useI18n } from '@/i18n';
import { formatTime } from '@/lib/format-time';
import { qrDataUrl } from '@/lib/qr-code';

/** What a change of the second factor makes stale: its status and the user info that says whether it is on. */
const TWO_FACTOR_READS = [api.user.twoFactor, api.user.info];

/** A key being enrolled: the key and its QR code, until a code confirms it. */
interface Enrolling extends TwoFactorSetup {
  qr: string;
}

/**
 * Two-factor sign-in on the profile (and on the enrolment screen of a role that requires it): off, enrol by scanning the
 * QR code or typing the key and confirming with a code, then the recovery codes shown once; on, since when, how many
 * recovery codes are left, and turning it off with a code (unless the role requires it).
 */
export function TwoFactorCard({ onEnrolled }: { onEnrolled?: () => void }) {
  const { t, lang } = useI18n();
  const status = useQuery(endpointQuery(api.user.twoFactor, {}));
  const [enrolling, setEnrolling] = useState<Enrolling | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const begin = useSubmit(async () => {
    const setup = await call(api.user.twoFactorBegin, {}, { errorDisplay: 'none' });
    setEnrolling({ ...setup, qr: await qrDataUrl(setup.uri) });
  });
  const confirm = useSubmit(
    async ({ code }: { code: string }) => {
      const { recoveryCodes } = await call(api.user.twoFactorConfirm, { body: { code } }, { errorDisplay: 'none' });
      setEnrolling(null);
      setCodes(recoveryCodes);
    },
    { invalidates: [api.user.twoFactor] },
  );
  const off = useSubmit(
    async ({ code }: { code: string }) => {
      await call(api.user.twoFactorOff, { body: { code } }, { errorDisplay: 'none' });
    },
    { invalidates: TWO_FACTOR_READS },
  );
  const s = status.data;

  const body = () => {
    if (codes) {
      return (
        <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
          <Alert type="warning" showIcon title={t('twoFactor.codesTitle')} description={t('twoFactor.codesHint')} />
          <Typography.Paragraph copyable={{ text: codes.join('\n') }} data-testid="recovery-codes">
            <span className="dms-recovery-codes">
              {codes.map((c) => (
                <code key={c}>{c}</code>
              ))}
            </span>
          </Typography.Paragraph>
          <Button
            type="primary"
            data-testid="two-factor-done"
            onClick={() => {
              setCodes(null);
              onEnrolled?.();
            }}
          >
            {t('twoFactor.saved')}
          </Button>
        </Space>
      );
    }
    if (enrolling) {
      return (
        <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
          <Typography.Paragraph>{t('twoFactor.scan')}</Typography.Paragraph>
          <Image src={enrolling.qr} width={200} height={200} preview={false} alt={t('twoFactor.qrAlt')} data-testid="two-factor-qr" />
          <Typography.Paragraph>
            {t('twoFactor.typeKey')}{' '}
            <Typography.Text code copyable data-testid="two-factor-secret">
              {enrolling.secret}
            </Typography.Text>
          </Typography.Paragraph>
          <CodeForm submit={confirm} label={t('twoFactor.confirm')} testId="two-factor-confirm" />
        </Space>
      );
    }
    if (!s) return null;
    if (!s.enabled) {
      return (
        <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
          <Typography.Paragraph>{t('twoFactor.offHint')}</Typography.Paragraph>
          {begin.error && <Alert type="error" showIcon title={begin.error} />}
          <Button type="primary" loading={begin.busy} onClick={() => void begin.run()} data-testid="two-factor-begin">
            {t('twoFactor.turnOn')}
          </Button>
        </Space>
      );
    }
    return (
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <Typography.Paragraph data-testid="two-factor-on">
          {t('twoFactor.onSince', { time: formatTime(s.enabledAt ?? 0, lang) })} {t('twoFactor.recoveryLeft', { count: s.recoveryLeft })}
        </Typography.Paragraph>
        {s.required ? (
          <Typography.Text type="secondary">{t('twoFactor.requiredByRole')}</Typography.Text>
        ) : (
          <CodeForm submit={off} label={t('twoFactor.turnOff')} testId="two-factor-off" danger anyCode />
        )}
      </Space>
    );
  };

  return (
    <Card
      title={t('twoFactor.title')}
      data-testid="two-factor"
      extra={
        s && <Tag color={s.enabled ? 'green' : s.required ? 'red' : 'default'}>{s.enabled ? t('twoFactor.on') : t('twoFactor.off')}</Tag>
      }
    >
      {body()}
    </Card>
  );
}

interface CodeFormProps {
  submit: { busy: boolean; error: string | null; run: (values: { code: string }) => Promise<void>; clearError: () => void };
  label: string;
  testId: string;
  danger?: boolean;
  /** A recovery code is taken too (turning it off), not only the app's six digits. */
  anyCode?: boolean;
}

/** A code of the app (or a recovery code) and the button that sends it, with the server's refusal under it. */
function CodeForm({ submit, label, testId, danger, anyCode }: CodeFormProps) {
  const { t } = useI18n();
  return (
    <Form<{ code: string }> layout="inline" onFinish={(v) => void submit.run(v)} onValuesChange={submit.clearError}>
      <Form.Item name="code" rules={[{ required: true, whitespace: true, message: t('twoFactor.codeRequired') }]}>
        <Input
          data-testid={`${testId}-code`}
          placeholder={anyCode ? t('twoFactor.anyCodePlaceholder') : t('twoFactor.codePlaceholder')}
          autoComplete="one-time-code"
          maxLength={32}
          style={{ width: 220 }}
        />
      </Form.Item>
      <Form.Item>
        <Button type="primary" danger={danger} htmlType="submit" loading={submit.busy} data-testid={testId}>
          {label}
        </Button>
      </Form.Item>
      {submit.error && (
        <Alert type="error" showIcon title={submit.error} data-testid={`${testId}-error`} style={{ width: '100%', marginTop: 8 }} />
      )}
    </Form>
  );
}
