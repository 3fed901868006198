import { Alert, App, Button, Checkbox, Col, Form, InputNumber, Row, Skeleton, Space, Switch, TimePicker, Typography } from 'antd';
import { api, NOTIFICATION_KINDS, notifySettings, type NotificationKind, type NotifySettings } from '@dms/contract';
import { useQuery } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { call, endpointQuery } from '@/api/call';
import { useInvalidate } from '@/api/invalidate';
import { useFieldIssues } from '@/components/forms/useFieldIssues';
import { useSubmit } from '@/components/forms/useSubmit';
import { useI18n, type TKey } from '@/i18n';
import { check, refusedFields } from './check';

interface SettingsDraft {
  kinds: NotificationKind[];
  browser: boolean;
  email: boolean;
  /** Quiet hours, HH:mm; both null: none. */
  quietFrom: string | null;
  quietTo: string | null;
  faultBreaksQuiet: boolean;
  repeatMinutes: number | null;
  flapThreshold: number | null;
  flapWindowMinutes: number | null;
}

function draftOf(s: NotifySettings): SettingsDraft {
  return {
    kinds: s.defaults.kinds,
    browser: s.defaults.browser,
    email: s.defaults.email,
    quietFrom: s.defaults.quietHours?.from ?? null,
    quietTo: s.defaults.quietHours?.to ?? null,
    faultBreaksQuiet: s.defaults.faultBreaksQuiet,
    repeatMinutes: s.repeatMinutes,
    flapThreshold: s.flapThreshold,
    flapWindowMinutes: s.flapWindowMinutes,
  };
}

/** The body a draft sends: quiet hours with one end left empty are refused at that end. */
function bodyOf(d: SettingsDraft): unknown {
  return {
    defaults: {
      kinds: d.kinds,
      browser: d.browser,
      email: d.email,
      quietHours: d.quietFrom === null && d.quietTo === null ? null : { from: d.quietFrom ?? '', to: d.quietTo ?? '' },
      faultBreaksQuiet: d.faultBreaksQuiet,
    },
    repeatMinutes: d.repeatMinutes ?? 0,
    flapThreshold: d.flapThreshold ?? 0,
    flapWindowMinutes: d.flapWindowMinutes ?? 0,
  };
}

const LABEL: Record<string, TKey> = {
  'defaults.kinds': 'notice.defaults.kinds',
  'defaults.browser': 'notice.defaults.browser',
  'defaults.email': 'notice.defaults.email',
  'defaults.quietHours': 'notice.defaults.quietTitle',
  'defaults.quietHours.from': 'notice.defaults.quietFrom',
  'defaults.quietHours.to': 'notice.defaults.quietTo',
  'defaults.faultBreaksQuiet': 'notice.defaults.faultBreaksQuiet',
  repeatMinutes: 'notice.defaults.repeatMinutes',
  flapThreshold: 'notice.defaults.flapThreshold',
  flapWindowMinutes: 'notice.defaults.flapWindowMinutes',
};

/** An HH:mm time as the time picker holds it. */
function clockOf(text: string | null): Dayjs | null {
  if (text === null) return null;
  const [hour = 0, minute = 0] = text.split(':').map(Number);
  return dayjs().hour(hour).minute(minute).second(0).millisecond(0);
}

/** The defaults: what a user who has not chosen is told, and how; the repeat interval and the flapping rule. */
export function DefaultsTab() {
  const settings = useQuery(endpointQuery(api.notice.settings));
  if (!settings.data) return <Skeleton active />;
  // Read anew (saved), the form starts afresh from it.
  return <DefaultsForm key={JSON.stringify(settings.data)} settings={settings.data} />;
}

function DefaultsForm({ settings }: { settings: NotifySettings }) {
  const { t } = useI18n();
  const { message } = App.useApp();
  const invalidate = useInvalidate();
  const [draft, setDraft] = useState(() => draftOf(settings));
  const [tried, setTried] = useState(false);
  const checked = useMemo(() => (tried ? check(notifySettings, bodyOf(draft)) : null), [tried, draft]);
  const { showServer, edited, item, issueAt } = useFieldIssues(checked && !checked.ok ? checked.problems : null, (path) =>
    t(LABEL[path] ?? 'notice.tabs.defaults'),
  );

  const { busy, error, run, clearError } = useSubmit(async (body: NotifySettings) => {
    showServer([]);
    try {
      await call(api.notice.saveSettings, { body }, { errorDisplay: 'none' });
    } catch (e) {
      if (refusedFields(e, showServer)) return;
      throw e;
    }
    void message.success(t('notice.defaults.saved'));
    setTried(false);
    await invalidate([api.notice.settings]);
  });

  const edit = <K extends keyof SettingsDraft>(key: K, value: SettingsDraft[K], path: string) => {
    setDraft((d) => ({ ...d, [key]: value }));
    edited(path);
    clearError();
  };
  const save = () => {
    setTried(true);
    const result = check(notifySettings, bodyOf(draft));
    if (result.ok) void run(result.body);
  };
  const problems = checked !== null && !checked.ok;
  // A problem of the quiet hours as a whole is said at their end.
  const quietIssue = issueAt('defaults.quietHours.to') ?? issueAt('defaults.quietHours');

  return (
    <Form layout="vertical" component="div" data-testid="defaults-form">
      <Typography.Paragraph type="secondary">{t('notice.defaults.help')}</Typography.Paragraph>
      <Typography.Title level={5}>{t('notice.defaults.whatTitle')}</Typography.Title>
      <Form.Item {...item('defaults.kinds', t('notice.defaults.kinds'))}>
        <Checkbox.Group<NotificationKind>
          data-testid="defaults-kinds"
          value={draft.kinds}
          options={NOTIFICATION_KINDS.map((k) => ({ value: k, label: t(`notifications.kind.${k}`) }))}
          onChange={(kinds) => {
            edit('kinds', kinds, 'defaults.kinds');
          }}
        />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} sm={12} lg={6}>
          <Form.Item label={t('notice.defaults.browser')}>
            <Switch
              data-testid="defaults-browser"
              checked={draft.browser}
              onChange={(on) => {
                edit('browser', on, 'defaults.browser');
              }}
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12} lg={6}>
          <Form.Item label={t('notice.defaults.email')}>
            <Switch
              data-testid="defaults-email"
              checked={draft.email}
              onChange={(on) => {
                edit('email', on, 'defaults.email');
              }}
            />
          </Form.Item>
        </Col>
      </Row>
      <Typography.Title level={5}>{t('notice.defaults.quietTitle')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('notice.defaults.quietHelp')}</Typography.Paragraph>
      <Row gutter={16}>
        <Col xs={12} md={6}>
          <Form.Item {...item('defaults.quietHours.from', t('notice.defaults.quietFrom'))}>
            <TimePicker
              data-testid="defaults-quiet-from"
              format="HH:mm"
              needConfirm={false}
              style={{ width: '100%' }}
              value={clockOf(draft.quietFrom)}
              onChange={(v: Dayjs | null) => {
                edit('quietFrom', v ? v.format('HH:mm') : null, 'defaults.quietHours');
              }}
            />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item {...item('defaults.quietHours.to', t('notice.defaults.quietTo'), quietIssue)}>
            <TimePicker
              data-testid="defaults-quiet-to"
              format="HH:mm"
              needConfirm={false}
              style={{ width: '100%' }}
              value={clockOf(draft.quietTo)}
              onChange={(v: Dayjs | null) => {
                edit('quietTo', v ? v.format('HH:mm') : null, 'defaults.quietHours');
              }}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label={t('notice.defaults.faultBreaksQuiet')}>
            <Switch
              data-testid="defaults-fault-breaks"
              checked={draft.faultBreaksQuiet}
              onChange={(on) => {
                edit('faultBreaksQuiet', on, 'defaults.faultBreaksQuiet');
              }}
            />
          </Form.Item>
        </Col>
      </Row>
      <Typography.Title level={5}>{t('notice.defaults.paceTitle')}</Typography.Title>
      <Row gutter={16}>
        <Col xs={24} md={8}>
          <Form.Item {...item('repeatMinutes', t('notice.defaults.repeatMinutes'))}>
            <InputNumber<number>
              data-testid="defaults-repeat"
              min={1}
              max={1440}
              precision={0}
              suffix={t('notice.defaults.minutes')}
              style={{ width: '100%' }}
              value={draft.repeatMinutes}
              onChange={(v) => {
                edit('repeatMinutes', v, 'repeatMinutes');
              }}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item {...item('flapThreshold', t('notice.defaults.flapThreshold'))}>
            <InputNumber<number>
              data-testid="defaults-flap-threshold"
              min={2}
              max={100}
              precision={0}
              suffix={t('notice.defaults.changes')}
              style={{ width: '100%' }}
              value={draft.flapThreshold}
              onChange={(v) => {
                edit('flapThreshold', v, 'flapThreshold');
              }}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item {...item('flapWindowMinutes', t('notice.defaults.flapWindowMinutes'))}>
            <InputNumber<number>
              data-testid="defaults-flap-window"
              min={1}
              max={1440}
              precision={0}
              suffix={t('notice.defaults.minutes')}
              style={{ width: '100%' }}
              value={draft.flapWindowMinutes}
              onChange={(v) => {
                edit('flapWindowMinutes', v, 'flapWindowMinutes');
              }}
            />
          </Form.Item>
        </Col>
      </Row>
      <Typography.Paragraph type="secondary">{t('notice.defaults.flapHelp')}</Typography.Paragraph>
      <Space orientation="vertical" size="middle" style={{ display: 'flex' }}>
        {(error !== null || problems) && <Alert type="error" showIcon data-testid="defaults-error" title={error ?? t('notice.problems')} />}
        <div>
          <Button type="primary" loading={busy} data-testid="defaults-save" onClick={save}>
            {t('notice.defaults.save')}
          </Button>
        </div>
      </Space>
    </Form>
  );
}
