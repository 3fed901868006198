import { Alert, App, Button, Card, Checkbox, Form, Input, Select, Space, Switch, TimePicker, Typography } from 'antd';
import { api, canAccess, LANGUAGE_NAMES, LANGUAGES, NOTIFICATION_KINDS, type NotifyPrefs } from '@dms/contract';
import { useQuery } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useMemo, useRef } from 'react';
import { call } from '@/api/call';
import { useRoles } from '@/auth/session';
import { useSubmit } from '@/components/forms/useSubmit';
import { useI18n } from '@/i18n';
import { notificationQueries } from './queries';

interface Values {
  kinds: NotifyPrefs['kinds'];
  browser: boolean;
  email: boolean;
  emailAddress: string;
  quiet: [Dayjs, Dayjs] | null;
  faultBreaksQuiet: boolean;
  language: NotifyPrefs['language'];
  timeZone: string;
}

const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

function toValues(p: NotifyPrefs, own: boolean): Values {
  return {
    kinds: p.kinds,
    browser: p.browser,
    email: p.email,
    emailAddress: p.emailAddress,
    quiet: p.quietHours ? [dayjs(p.quietHours.from, 'HH:mm'), dayjs(p.quietHours.to, 'HH:mm')] : null,
    faultBreaksQuiet: p.faultBreaksQuiet,
    language: p.language,
    // Until the user chooses, quiet hours and e-mail times are in this browser's zone.
    timeZone: own ? p.timeZone : browserZone(),
  };
}

function toPrefs(v: Values): NotifyPrefs {
  return {
    kinds: v.kinds,
    browser: v.browser,
    email: v.email,
    emailAddress: v.emailAddress.trim(),
    quietHours: v.quiet ? { from: v.quiet[0].format('HH:mm'), to: v.quiet[1].format('HH:mm') } : null,
    faultBreaksQuiet: v.faultBreaksQuiet,
    language: v.language,
    timeZone: v.timeZone,
  };
}

/**
 * The user's notification preferences on the profile (issue 22): which kinds they are told of, by the browser's own
 * notifications and by e-mail, quiet hours in their zone, and whether a fault breaks through them; or root's defaults.
 */
export function PreferencesCard() {
  const roles = useRoles();
  return canAccess(roles, 'msg') ? <Preferences /> : null;
}

function Preferences() {
  const { t, lang } = useI18n();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const view = useQuery(notificationQueries.preferences());
  const email = Form.useWatch('email', form);
  const zones = useMemo(() => Intl.supportedValuesOf('timeZone').map((z) => ({ value: z, label: z })), []);
  // The form takes the saved choices each time they change, not each time the page is shown again (a page kept
  // behind another tab runs its effects again when it comes back: the choices being edited stay).
  const shown = useRef<unknown>(null);
  useEffect(() => {
    if (!view.data || view.data === shown.current) return;
    shown.current = view.data;
    form.setFieldsValue(toValues(view.data.prefs, view.data.own));
  }, [view.data, form]);
  const save = useSubmit(
    async (prefs: NotifyPrefs | null) => {
      await call(api.msg.savePreferences, { body: { prefs } }, { errorDisplay: 'none' });
      void message.success(t('notifications.prefs.saved'));
    },
    { invalidates: [api.msg.preferences] },
  );
  return (
    <Card title={t('notifications.prefs.title')} data-testid="notify-prefs" loading={view.isPending}>
      <Typography.Paragraph type="secondary">{t('notifications.prefs.intro')}</Typography.Paragraph>
      <Typography.Paragraph data-testid="notify-prefs-own" data-own={String(view.data?.own ?? false)}>
        {view.data?.own ? t('notifications.prefs.own') : t('notifications.prefs.following')}
      </Typography.Paragraph>
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{ language: lang }}
        onFinish={(v) => void save.run(toPrefs(v))}
        onValuesChange={save.clearError}
      >
        <Form.Item name="kinds" label={t('notifications.prefs.kinds')}>
          <Checkbox.Group
            data-testid="notify-prefs-kinds"
            options={NOTIFICATION_KINDS.map((k) => ({ value: k, label: t(`notifications.kind.${k}`) }))}
          />
        </Form.Item>
        <Space size="large" wrap align="start" style={{ display: 'flex' }}>
          <Form.Item
            name="browser"
            label={t('notifications.prefs.browser')}
            valuePropName="checked"
            extra={t('notifications.prefs.browserHelp')}
          >
            <Switch data-testid="notify-prefs-browser" />
          </Form.Item>
          <Form.Item name="email" label={t('notifications.prefs.email')} valuePropName="checked">
            <Switch data-testid="notify-prefs-email" />
          </Form.Item>
        </Space>
        {email && (
          <Form.Item name="emailAddress" label={t('notifications.prefs.emailAddress')}>
            <Input type="email" data-testid="notify-prefs-address" autoComplete="email" maxLength={254} />
          </Form.Item>
        )}
        <Form.Item name="quiet" label={t('notifications.prefs.quiet')} extra={t('notifications.prefs.quietHelp')}>
          <TimePicker.RangePicker format="HH:mm" order={false} allowClear data-testid="notify-prefs-quiet" />
        </Form.Item>
        <Form.Item name="faultBreaksQuiet" valuePropName="checked">
          <Checkbox data-testid="notify-prefs-fault-breaks">{t('notifications.prefs.faultBreaks')}</Checkbox>
        </Form.Item>
        <Space size="large" wrap style={{ display: 'flex' }}>
          <Form.Item name="language" label={t('navbar.language.label')}>
            <Select
              style={{ width: 160 }}
              data-testid="notify-prefs-language"
              options={LANGUAGES.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] }))}
            />
          </Form.Item>
          <Form.Item name="timeZone" label={t('notifications.prefs.timeZone')}>
            <Select style={{ width: 240 }} showSearch data-testid="notify-prefs-zone" options={zones} />
          </Form.Item>
        </Space>
        {save.error && <Alert type="error" showIcon title={save.error} data-testid="notify-prefs-error" style={{ marginBottom: 16 }} />}
        <Space wrap style={{ display: 'flex' }}>
          <Button type="primary" htmlType="submit" loading={save.busy} data-testid="notify-prefs-save">
            {t('notifications.prefs.save')}
          </Button>
          {view.data?.own && (
            <Button data-testid="notify-prefs-defaults" disabled={save.busy} onClick={() => void save.run(null)}>
              {t('notifications.prefs.useDefaults')}
            </Button>
          )}
        </Space>
      </Form>
    </Card>
  );
}
