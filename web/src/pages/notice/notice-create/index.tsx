import { CheckCircleFilled } from '@ant-design/icons';
import { Alert, App, Button, Card, Col, DatePicker, Form, Input, Radio, Row, Segmented, Space, Spin, Tabs, Typography } from 'antd';
import {
  ANNOUNCEMENT_BODY_MAX,
  ANNOUNCEMENT_PINS,
  ANNOUNCEMENT_TITLE_MAX,
  ANNOUNCEMENT_TYPES,
  api,
  Code,
  LANGUAGE_NAMES,
  LANGUAGES,
  type AnnouncementBody,
  type AnnouncementDetail,
  type AudienceUser,
  type Language,
} from '@dms/contract';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { call, endpointQuery } from '@/api/call';
import { isApiError } from '@/api/client';
import { Markdown } from '@/components/Markdown';
import { issuesOf } from '@/components/forms/issues';
import { useFieldIssues } from '@/components/forms/useFieldIssues';
import { useSubmit } from '@/components/forms/useSubmit';
import { ANNOUNCEMENT_ADMIN } from '@/features/announcements/queries';
import { PinTag } from '@/features/announcements/words';
import { useI18n, type Translate } from '@/i18n';
import { useCloseTab } from '@/layout/tags-view/useCloseTab';
import { NOTICE_LIST_PATH } from '../paths';
import { DevicesSelect, UsersSelect } from './AudienceSelect';
import { checkDraft, draftOf, handedUsers, newDraft, written, type AnnouncementDraft } from './draft';

/**
 * /notice/notice-create (root; issue 22): a new announcement, or (`?id=`) one to edit. The audience (the users of
 * chosen devices, chosen people, or everyone), the pin, the expiry, and the text in one or several languages in simple
 * formatting, each with its preview. Problems show at their fields, as the server would name them; nothing typed is lost.
 */
export default function NoticeCreatePage() {
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const editing = Number.isInteger(id) && id > 0;
  const saved = useQuery({ ...endpointQuery(api.notice.announcement, { params: { id: editing ? id : 1 } }), enabled: editing });
  if (editing && !saved.data) return <Spin spinning={saved.isPending} data-testid="notice-form-loading" />;
  // A hand-off names the people (`?users=<id>:<username>,…`: the owners of /scripts/check-inactive's silent boxes).
  const handed = editing ? [] : handedUsers(params.get('users'));
  return (
    <AnnouncementForm
      key={editing ? id : `new:${params.get('users') ?? ''}`}
      saved={editing ? (saved.data ?? null) : null}
      users={handed}
    />
  );
}

function labelOf(t: Translate, path: string): string {
  const [head, lang, field] = path.split('.');
  if (head === 'texts' && lang && field)
    return `${t(field === 'title' ? 'announcements.form.title' : 'announcements.form.body')} (${lang.toUpperCase()})`;
  if (head === 'deviceIds') return t('announcements.form.devices');
  if (head === 'userIds') return t('announcements.form.users');
  if (head === 'expiresAt') return t('announcements.form.expiresAt');
  return t('announcements.form.text');
}

function AnnouncementForm({ saved, users }: { saved: AnnouncementDetail | null; users: readonly AudienceUser[] }) {
  const { t, lang } = useI18n();
  const { message } = App.useApp();
  const closeAndGo = useCloseTab();
  const [draft, setDraft] = useState<AnnouncementDraft>(() =>
    saved ? draftOf(saved) : users.length > 0 ? { ...newDraft(), type: 'personal', users: [...users] } : newDraft(),
  );
  const [tried, setTried] = useState(false);
  const [tab, setTab] = useState<Language>(() => (saved ? (LANGUAGES.find((l) => saved.texts[l]) ?? lang) : lang));
  const [mode, setMode] = useState<'write' | 'preview'>('write');
  const checked = useMemo(() => (tried ? checkDraft(draft) : null), [tried, draft]);
  const { issueAt, issueUnder, showServer, edited, item } = useFieldIssues(checked && !checked.ok ? checked.problems : null, (path) =>
    labelOf(t, path),
  );

  const { busy, error, run, clearError } = useSubmit(
    async (body: AnnouncementBody) => {
      try {
        const done =
          saved === null
            ? await call(api.notice.createAnnouncement, { body }, { errorDisplay: 'none' })
            : await call(api.notice.updateAnnouncement, { params: { id: saved.id }, body }, { errorDisplay: 'none' });
        void message.success(saved === null ? t('announcements.form.published', { count: done.reached }) : t('announcements.form.saved'));
        closeAndGo(NOTICE_LIST_PATH);
      } catch (e) {
        if (isApiError(e) && e.code === Code.VALIDATION_FAILED) {
          const parsed = issuesOf.safeParse(e.data);
          showServer(parsed.success ? parsed.data.issues : []);
        }
        throw e;
      }
    },
    { invalidates: ANNOUNCEMENT_ADMIN },
  );

  const edit = (path: string, change: (d: AnnouncementDraft) => AnnouncementDraft) => {
    setDraft(change);
    edited(path);
    clearError();
  };
  const editText = (l: Language, field: 'title' | 'body', value: string) => {
    edit(`texts.${l}.${field}`, (d) => ({ ...d, texts: { ...d.texts, [l]: { ...d.texts[l], [field]: value } } }));
    edited('texts');
  };
  const save = () => {
    setTried(true);
    const result = checkDraft(draft);
    if (result.ok) void run(result.body);
  };
  const problems = checked !== null && !checked.ok;
  const textIssue = issueAt('texts');

  return (
    <Card title={t(saved ? 'announcements.form.editTitle' : 'announcements.form.createTitle')} data-testid="notice-form">
      {saved?.state === 'withdrawn' && (
        <Alert type="info" showIcon style={{ marginBottom: 16 }} title={t('announcements.form.withdrawnNote')} />
      )}
      {saved && (
        <Typography.Paragraph type="secondary" data-testid="notice-form-reach">
          {t('announcements.form.reached', { reached: saved.reached, read: saved.read })}
        </Typography.Paragraph>
      )}
      <Form layout="vertical" component="div">
        <Row gutter={24}>
          <Col xs={24} lg={12}>
            <Form.Item label={t('announcements.form.type')} extra={t(`announcements.typeHelp.${draft.type}`)}>
              <Radio.Group
                data-testid="notice-form-type"
                optionType="button"
                value={draft.type}
                options={ANNOUNCEMENT_TYPES.map((v) => ({ value: v, label: t(`announcements.type.${v}`) }))}
                onChange={(e) => {
                  const type = e.target.value as AnnouncementDraft['type'];
                  edit('type', (d) => ({ ...d, type }));
                  edited('deviceIds');
                  edited('userIds');
                }}
              />
            </Form.Item>
            {draft.type === 'device' && (
              <Form.Item {...item('deviceIds', t('announcements.form.devices'))} required>
                <DevicesSelect
                  data-testid="notice-form-devices"
                  aria-label={t('announcements.form.devices')}
                  placeholder={t('announcements.form.devicesPlaceholder')}
                  status={issueAt('deviceIds') ? 'error' : undefined}
                  value={draft.devices}
                  onChange={(devices) => {
                    edit('deviceIds', (d) => ({ ...d, devices }));
                  }}
                />
              </Form.Item>
            )}
            {draft.type === 'personal' && (
              <Form.Item {...item('userIds', t('announcements.form.users'))} required>
                <UsersSelect
                  data-testid="notice-form-users"
                  aria-label={t('announcements.form.users')}
                  placeholder={t('announcements.form.usersPlaceholder')}
                  status={issueAt('userIds') ? 'error' : undefined}
                  value={draft.users}
                  onChange={(users) => {
                    edit('userIds', (d) => ({ ...d, users }));
                  }}
                />
              </Form.Item>
            )}
          </Col>
          <Col xs={24} lg={12}>
            <Form.Item label={t('announcements.form.pin')} extra={t('announcements.form.pinHelp')}>
              <Radio.Group
                data-testid="notice-form-pin"
                value={draft.pin}
                options={ANNOUNCEMENT_PINS.map((v) => ({ value: v, label: <PinTag pin={v} always /> }))}
                onChange={(e) => {
                  const pin = e.target.value as AnnouncementDraft['pin'];
                  edit('pin', (d) => ({ ...d, pin }));
                }}
              />
            </Form.Item>
            <Form.Item {...item('expiresAt', t('announcements.form.expiresAt'))} extra={t('announcements.form.expiresHelp')}>
              <DatePicker
                showTime={{ format: 'HH:mm' }}
                format="YYYY-MM-DD HH:mm"
                data-testid="notice-form-expires"
                aria-label={t('announcements.form.expiresAt')}
                value={draft.expiresAt === null ? null : dayjs(draft.expiresAt)}
                disabledDate={(d) => d.isBefore(dayjs(), 'day')}
                onChange={(value) => {
                  edit('expiresAt', (d) => ({ ...d, expiresAt: value ? value.valueOf() : null }));
                }}
              />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item
          label={t('announcements.form.text')}
          extra={t('announcements.form.textHelp')}
          validateStatus={textIssue ? 'error' : undefined}
          help={textIssue}
          required
        >
          <Tabs
            activeKey={tab}
            onChange={(key) => {
              setTab(key as Language);
            }}
            data-testid="notice-form-languages"
            tabBarExtraContent={
              <Segmented
                size="small"
                data-testid="notice-form-mode"
                value={mode}
                options={[
                  { value: 'write', label: t('announcements.form.write') },
                  { value: 'preview', label: t('announcements.form.preview') },
                ]}
                onChange={(value) => {
                  setMode(value === 'preview' ? 'preview' : 'write');
                }}
              />
            }
            items={LANGUAGES.map((l) => ({
              key: l,
              label: (
                <Space size={4} data-testid={`notice-form-lang-${l}`}>
                  {LANGUAGE_NAMES[l]}
                  {written(draft.texts[l]) && (
                    <CheckCircleFilled aria-label={t('announcements.form.written')} style={{ color: '#52c41a' }} />
                  )}
                  {issueUnder(`texts.${l}`) && <Typography.Text type="danger">!</Typography.Text>}
                </Space>
              ),
              children:
                mode === 'write' ? (
                  <>
                    <Form.Item {...item(`texts.${l}.title`, t('announcements.form.title'))}>
                      <Input
                        data-testid={`notice-form-title-${l}`}
                        maxLength={ANNOUNCEMENT_TITLE_MAX}
                        showCount
                        value={draft.texts[l].title}
                        onChange={(e) => {
                          editText(l, 'title', e.target.value);
                        }}
                      />
                    </Form.Item>
                    <Form.Item {...item(`texts.${l}.body`, t('announcements.form.body'))} extra={t('announcements.form.bodyHelp')}>
                      <Input.TextArea
                        data-testid={`notice-form-body-${l}`}
                        autoSize={{ minRows: 5, maxRows: 16 }}
                        maxLength={ANNOUNCEMENT_BODY_MAX}
                        showCount
                        value={draft.texts[l].body}
                        onChange={(e) => {
                          editText(l, 'body', e.target.value);
                        }}
                      />
                    </Form.Item>
                  </>
                ) : (
                  <div className="dms-announcement-preview" data-testid={`notice-form-preview-${l}`}>
                    {written(draft.texts[l]) ? (
                      <>
                        <Typography.Title level={5}>{draft.texts[l].title}</Typography.Title>
                        <Markdown text={draft.texts[l].body} />
                      </>
                    ) : (
                      <Typography.Text type="secondary">{t('announcements.form.previewEmpty')}</Typography.Text>
                    )}
                  </div>
                ),
            }))}
          />
        </Form.Item>
      </Form>
      {(error || problems) && (
        <Alert type="error" showIcon style={{ marginBottom: 12 }} data-testid="notice-form-error" title={error ?? t('notice.problems')} />
      )}
      <Space>
        <Button type="primary" loading={busy} data-testid="notice-form-save" onClick={save}>
          {t(saved ? 'announcements.form.save' : 'announcements.form.publish')}
        </Button>
        <Button
          data-testid="notice-form-cancel"
          onClick={() => {
            closeAndGo(NOTICE_LIST_PATH);
          }}
        >
          {t('announcements.form.cancel')}
        </Button>
      </Space>
    </Card>
  );
}
