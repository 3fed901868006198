import { Alert, App, Button, Card, Col, Flex, Form, Input, Popconfirm, Row, Select, Skeleton, Space, Tag, Typography } from 'antd';
import {
  api,
  LANGUAGE_NAMES,
  LANGUAGES,
  messageTemplateText,
  NOTIFICATION_KINDS,
  TEMPLATE_PLACEHOLDERS,
  unknownPlaceholders,
  type Language,
  type MessageTemplateRow,
  type NotificationKind,
  type TemplatePlaceholder,
} from '@dms/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import type { z } from 'zod';
import { call, endpointQuery } from '@/api/call';
import { useInvalidate } from '@/api/invalidate';
import { useFieldIssues } from '@/components/forms/useFieldIssues';
import { useSubmit } from '@/components/forms/useSubmit';
import { useI18n } from '@/i18n';
import { check, refusedFields } from './check';

/** How long typing must pause before the preview is asked for. */
const PREVIEW_DELAY_MS = 400;
const TEMPLATE_READS = [api.notice.templates];

/** `value`, once it has stayed the same for `ms`. */
function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => {
      setSettled(value);
    }, ms);
    return () => {
      clearTimeout(timer);
    };
  }, [value, ms]);
  return settled;
}

/**
 * The message templates: one per kind and language, chosen above; the product's text until root changes it ("Changed"),
 * and restored to it. The text is checked and previewed, filled in with a sample device, as it is typed.
 */
export function TemplatesTab() {
  const { t, lang } = useI18n();
  const templates = useQuery(endpointQuery(api.notice.templates));
  const [kind, setKind] = useState<NotificationKind>(NOTIFICATION_KINDS[0]);
  const [language, setLanguage] = useState<Language>(lang);
  const row = templates.data?.find((r) => r.kind === kind && r.language === language);

  return (
    <Space orientation="vertical" size="middle" style={{ display: 'flex' }} data-testid="templates-tab">
      <Typography.Text type="secondary">{t('notice.templates.help')}</Typography.Text>
      <Flex wrap gap={12} align="center">
        <Space wrap>
          <Typography.Text>{t('notice.templates.kind')}</Typography.Text>
          <Select<NotificationKind>
            data-testid="template-kind"
            aria-label={t('notice.templates.kind')}
            style={{ width: 200 }}
            value={kind}
            options={NOTIFICATION_KINDS.map((k) => ({ value: k, label: t(`notifications.kind.${k}`) }))}
            onChange={setKind}
          />
        </Space>
        <Space wrap>
          <Typography.Text>{t('notice.templates.language')}</Typography.Text>
          <Select<Language>
            data-testid="template-language"
            aria-label={t('notice.templates.language')}
            style={{ width: 140 }}
            value={language}
            options={LANGUAGES.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] }))}
            onChange={setLanguage}
          />
        </Space>
      </Flex>
      {row ? (
        // A template read anew (saved, restored) starts the editor afresh from it.
        <TemplateEditor key={`${row.kind}/${row.language}/${String(row.custom)}/${row.subject}/${row.body}`} row={row} />
      ) : (
        <Skeleton active />
      )}
    </Space>
  );
}

function TemplateEditor({ row }: { row: MessageTemplateRow }) {
  const { t } = useI18n();
  const { message } = App.useApp();
  const invalidate = useInvalidate();
  const [draft, setDraft] = useState({ subject: row.subject, body: row.body });
  const [tried, setTried] = useState(false);
  const checked = useMemo(() => (tried ? check(messageTemplateText, draft) : null), [tried, draft]);
  const { showServer, edited, item } = useFieldIssues(checked && !checked.ok ? checked.problems : null, (path) =>
    t(path === 'subject' ? 'notice.templates.subject' : 'notice.templates.body'),
  );
  const unknown = useMemo(() => unknownPlaceholders(`${draft.subject}\n${draft.body}`), [draft]);
  const settled = useDebounced(draft, PREVIEW_DELAY_MS);
  const complete = settled.subject.trim() !== '' && settled.body.trim() !== '';
  const settledKnown = unknownPlaceholders(`${settled.subject}\n${settled.body}`).length === 0;
  const preview = useQuery({
    ...endpointQuery(
      api.notice.previewTemplate,
      { body: { kind: row.kind, language: row.language, ...settled } },
      { errorDisplay: 'none' },
    ),
    enabled: complete && settledKnown && unknown.length === 0,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

  const save = useSubmit(async (body: z.output<typeof messageTemplateText>) => {
    showServer([]);
    try {
      await call(api.notice.saveTemplate, { params: { kind: row.kind, language: row.language }, body }, { errorDisplay: 'none' });
    } catch (e) {
      if (refusedFields(e, showServer)) return;
      throw e;
    }
    void message.success(t('notice.templates.saved'));
    await invalidate(TEMPLATE_READS);
  });
  const reset = useSubmit(async () => {
    await call(api.notice.resetTemplate, { params: { kind: row.kind, language: row.language } }, { errorDisplay: 'none' });
    void message.success(t('notice.templates.resetDone'));
    await invalidate(TEMPLATE_READS);
  });

  const edit = (path: 'subject' | 'body', value: string) => {
    setDraft((d) => ({ ...d, [path]: value }));
    edited(path);
    save.clearError();
  };
  const insert = (name: TemplatePlaceholder) => {
    edit('body', `${draft.body}{${name}}`);
  };
  const submit = () => {
    setTried(true);
    const result = check(messageTemplateText, draft);
    if (result.ok) void save.run(result.body);
  };
  const error = save.error ?? reset.error;
  const problems = checked !== null && !checked.ok;

  return (
    <Row gutter={[24, 16]}>
      <Col xs={24} xl={14}>
        <Space orientation="vertical" size="middle" style={{ display: 'flex' }}>
          <Space wrap>
            {row.custom ? (
              <Tag color="orange" data-testid="template-changed">
                {t('notice.templates.changed')}
              </Tag>
            ) : (
              <Tag data-testid="template-standard">{t('notice.templates.standard')}</Tag>
            )}
          </Space>
          <Form layout="vertical" component="div" data-testid="template-form">
            <Form.Item {...item('subject', t('notice.templates.subject'))}>
              <Input
                data-testid="template-subject"
                maxLength={200}
                autoComplete="off"
                value={draft.subject}
                onChange={(e) => {
                  edit('subject', e.target.value);
                }}
              />
            </Form.Item>
            <Form.Item {...item('body', t('notice.templates.body'))}>
              <Input.TextArea
                data-testid="template-body"
                maxLength={4000}
                autoSize={{ minRows: 6, maxRows: 16 }}
                value={draft.body}
                onChange={(e) => {
                  edit('body', e.target.value);
                }}
              />
            </Form.Item>
          </Form>
          <div>
            <Typography.Text type="secondary">{t('notice.templates.placeholders')}</Typography.Text>
            <Flex wrap gap={6} style={{ marginTop: 8 }} data-testid="template-placeholders">
              {TEMPLATE_PLACEHOLDERS.map((name) => (
                <Tag
                  key={name}
                  role="button"
                  tabIndex={0}
                  color="blue"
                  style={{ cursor: 'pointer', marginInlineEnd: 0 }}
                  data-testid={`template-placeholder-${name}`}
                  onClick={() => {
                    insert(name);
                  }}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter' || e.key === ' ') {
                      e.preventDefault();
                      insert(name);
                    }
                  }}
                >
                  {`{${name}}`}
                </Tag>
              ))}
            </Flex>
          </div>
          {(error !== null || problems) && (
            <Alert type="error" showIcon data-testid="template-error" title={error ?? t('notice.problems')} />
          )}
          <Space wrap>
            <Button type="primary" loading={save.busy} data-testid="template-save" onClick={submit}>
              {t('notice.templates.save')}
            </Button>
            {row.custom && (
              <Popconfirm
                title={t('notice.templates.resetConfirm')}
                okButtonProps={{ danger: true, 'data-testid': 'template-reset-ok' }}
                onConfirm={() => void reset.run()}
              >
                <Button loading={reset.busy} data-testid="template-reset">
                  {t('notice.templates.reset')}
                </Button>
              </Popconfirm>
            )}
          </Space>
        </Space>
      </Col>
      <Col xs={24} xl={10}>
        <Card size="small" title={t('notice.templates.preview')} data-testid="template-preview">
          <Typography.Paragraph type="secondary">{t('notice.templates.previewHelp')}</Typography.Paragraph>
          {unknown.length > 0 ? (
            <Alert
              type="warning"
              showIcon
              data-testid="template-unknown"
              title={t('notice.templates.unknown', { names: unknown.map((n) => `{${n}}`).join(' ') })}
            />
          ) : !complete ? (
            <Typography.Text type="secondary" data-testid="template-preview-empty">
              {t('notice.templates.previewEmpty')}
            </Typography.Text>
          ) : preview.isError ? (
            <Alert type="error" showIcon data-testid="template-preview-error" title={preview.error.message} />
          ) : preview.data ? (
            <Space orientation="vertical" size="small" style={{ display: 'flex', opacity: preview.isFetching ? 0.6 : 1 }}>
              <Typography.Text strong data-testid="template-preview-subject">
                {preview.data.subject}
              </Typography.Text>
              <Typography.Paragraph data-testid="template-preview-body" style={{ whiteSpace: 'pre-wrap', margin: 0 }}>
                {preview.data.body}
              </Typography.Paragraph>
            </Space>
          ) : (
            <Skeleton active paragraph={{ rows: 2 }} />
          )}
        </Card>
      </Col>
    </Row>
  );
}
