import { Alert, App, Button, Card, Col, Form, Input, InputNumber, Row, Select, Space, Typography } from 'antd';
import { api, SMTP_SECURITY, smtpBody, smtpTestBody, type SmtpSecurity, type SmtpView } from '@dms/contract';
import { useMemo, useState } from 'react';
import type { z } from 'zod';
import { call } from '@/api/call';
import { useInvalidate } from '@/api/invalidate';
import { useFieldIssues } from '@/components/forms/useFieldIssues';
import { useSubmit } from '@/components/forms/useSubmit';
import { useI18n, type TKey } from '@/i18n';
import { CHANNEL_READS, check, refusedFields } from './check';

interface SmtpDraft {
  host: string;
  port: number | null;
  security: SmtpSecurity;
  user: string;
  /** Empty: the stored one is kept. */
  password: string;
  from: string;
}

const LABEL: Record<string, TKey> = {
  host: 'notice.smtp.host',
  port: 'notice.smtp.port',
  security: 'notice.smtp.security',
  user: 'notice.smtp.user',
  password: 'notice.smtp.password',
  from: 'notice.smtp.from',
};

/** The body a draft sends: the password only when one was typed (left out, the stored one stays). */
function bodyOf(d: SmtpDraft): unknown {
  return {
    host: d.host,
    port: d.port ?? 0,
    security: d.security,
    user: d.user,
    from: d.from,
    ...(d.password !== '' ? { password: d.password } : {}),
  };
}

/**
 * The SMTP server e-mail goes out through (an empty host turns e-mail off): its password never comes back, only
 * whether one is stored; a password left empty keeps it. Beside it, a test e-mail through the saved server.
 */
export function SmtpCard({ smtp }: { smtp: SmtpView }) {
  const { t } = useI18n();
  const { message } = App.useApp();
  const invalidate = useInvalidate();
  const [draft, setDraft] = useState<SmtpDraft>(() => ({
    host: smtp.host,
    port: smtp.port,
    security: smtp.security,
    user: smtp.user,
    password: '',
    from: smtp.from,
  }));
  const [tried, setTried] = useState(false);
  const checked = useMemo(() => (tried ? check(smtpBody, bodyOf(draft)) : null), [tried, draft]);
  const { showServer, edited, item } = useFieldIssues(checked && !checked.ok ? checked.problems : null, (path) =>
    t(LABEL[path] ?? 'notice.smtp.title'),
  );

  const { busy, error, run, clearError } = useSubmit(async (body: z.output<typeof smtpBody>) => {
    showServer([]);
    try {
      await call(api.notice.saveSmtp, { body }, { errorDisplay: 'none' });
    } catch (e) {
      if (refusedFields(e, showServer)) return;
      throw e;
    }
    void message.success(t('notice.smtp.saved'));
    setTried(false);
    setDraft((d) => ({ ...d, password: '' }));
    void invalidate(CHANNEL_READS);
  });

  const edit = <K extends keyof SmtpDraft>(key: K, value: SmtpDraft[K]) => {
    setDraft((d) => ({ ...d, [key]: value }));
    edited(key);
    clearError();
  };
  const problems = checked !== null && !checked.ok;
  const save = () => {
    setTried(true);
    const result = check(smtpBody, bodyOf(draft));
    if (result.ok) void run(result.body);
  };

  return (
    <Card size="small" title={t('notice.smtp.title')} data-testid="smtp-card">
      <Space orientation="vertical" size="middle" style={{ display: 'flex' }}>
        <Typography.Text type="secondary">{t('notice.smtp.help')}</Typography.Text>
        {smtp.fromEnv && <Alert type="info" showIcon title={t('notice.smtp.fromEnv')} data-testid="smtp-from-env" />}
        <Form layout="vertical" component="div" data-testid="smtp-form">
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item {...item('host', t('notice.smtp.host'))}>
                <Input
                  data-testid="smtp-host"
                  placeholder="smtp.example.com"
                  maxLength={253}
                  autoComplete="off"
                  value={draft.host}
                  onChange={(e) => {
                    edit('host', e.target.value);
                  }}
                />
              </Form.Item>
            </Col>
            <Col xs={12} md={6}>
              <Form.Item {...item('port', t('notice.smtp.port'))}>
                <InputNumber<number>
                  data-testid="smtp-port"
                  min={1}
                  max={65535}
                  precision={0}
                  style={{ width: '100%' }}
                  value={draft.port}
                  onChange={(v) => {
                    edit('port', v);
                  }}
                />
              </Form.Item>
            </Col>
            <Col xs={12} md={6}>
              <Form.Item {...item('security', t('notice.smtp.security'))}>
                <Select<SmtpSecurity>
                  data-testid="smtp-security"
                  aria-label={t('notice.smtp.security')}
                  value={draft.security}
                  options={SMTP_SECURITY.map((s) => ({ value: s, label: s === 'none' ? t('notice.smtp.securityNone') : s.toUpperCase() }))}
                  onChange={(v) => {
                    edit('security', v);
                  }}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item {...item('user', t('notice.smtp.user'))}>
                <Input
                  data-testid="smtp-user"
                  maxLength={128}
                  autoComplete="off"
                  value={draft.user}
                  onChange={(e) => {
                    edit('user', e.target.value);
                  }}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item {...item('password', t('notice.smtp.password'))}>
                <Input.Password
                  data-testid="smtp-password"
                  data-stored={smtp.hasPassword ? 'true' : 'false'}
                  maxLength={256}
                  autoComplete="new-password"
                  placeholder={smtp.hasPassword ? t('notice.smtp.passwordStored') : t('notice.smtp.passwordNone')}
                  value={draft.password}
                  onChange={(e) => {
                    edit('password', e.target.value);
                  }}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item {...item('from', t('notice.smtp.from'))}>
                <Input
                  data-testid="smtp-from"
                  placeholder="alerts@example.com"
                  maxLength={254}
                  autoComplete="off"
                  value={draft.from}
                  onChange={(e) => {
                    edit('from', e.target.value);
                  }}
                />
              </Form.Item>
            </Col>
          </Row>
        </Form>
        {(error !== null || problems) && <Alert type="error" showIcon data-testid="smtp-error" title={error ?? t('notice.problems')} />}
        <Button type="primary" loading={busy} data-testid="smtp-save" onClick={save}>
          {t('notice.smtp.save')}
        </Button>
        <SmtpTest />
      </Space>
    </Card>
  );
}

/** A test e-mail through the saved server to an address: what the server answered, or why it failed. */
function SmtpTest() {
  const { t } = useI18n();
  const [to, setTo] = useState('');
  const [tried, setTried] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; detail: string } | null>(null);
  const checked = useMemo(() => (tried ? check(smtpTestBody, { to }) : null), [tried, to]);
  const { showServer, edited, item } = useFieldIssues(checked && !checked.ok ? checked.problems : null, () => t('notice.smtp.testTo'));
  const { busy, error, run, clearError } = useSubmit(async (body: z.output<typeof smtpTestBody>) => {
    showServer([]);
    setResult(null);
    try {
      setResult(await call(api.notice.testSmtp, { body }, { errorDisplay: 'none' }));
    } catch (e) {
      if (refusedFields(e, showServer)) return;
      throw e;
    }
  });
  const send = () => {
    setTried(true);
    const checkedNow = check(smtpTestBody, { to });
    if (checkedNow.ok) void run(checkedNow.body);
  };
  return (
    <Space orientation="vertical" size="small" style={{ display: 'flex' }}>
      <Typography.Title level={5} style={{ margin: 0 }}>
        {t('notice.smtp.testTitle')}
      </Typography.Title>
      <Typography.Text type="secondary">{t('notice.smtp.testHelp')}</Typography.Text>
      <Form layout="vertical" component="div">
        <Form.Item {...item('to', t('notice.smtp.testTo'))} style={{ marginBottom: 0 }}>
          <Space.Compact style={{ width: 420, maxWidth: '100%' }}>
            <Input
              data-testid="smtp-test-to"
              type="email"
              maxLength={254}
              autoComplete="off"
              value={to}
              onChange={(e) => {
                setTo(e.target.value);
                edited('to');
                clearError();
              }}
              onPressEnter={send}
            />
            <Button loading={busy} data-testid="smtp-test-send" onClick={send}>
              {t('notice.smtp.testSend')}
            </Button>
          </Space.Compact>
        </Form.Item>
      </Form>
      {error && <Alert type="error" showIcon data-testid="smtp-test-result" data-ok="false" title={error} />}
      {result && (
        <Alert
          type={result.ok ? 'success' : 'error'}
          showIcon
          data-testid="smtp-test-result"
          data-ok={result.ok ? 'true' : 'false'}
          title={result.ok ? t('notice.smtp.testOk') : t('notice.smtp.testFailed')}
          description={result.detail}
        />
      )}
    </Space>
  );
}
