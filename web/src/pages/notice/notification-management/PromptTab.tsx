import { PhoneOutlined } from '@ant-design/icons';
import { Alert, App, Button, Col, Form, Input, Popconfirm, Row, Skeleton, Space, Tag, Typography } from 'antd';
import { api, LANGUAGE_NAMES, LANGUAGES, renewalPromptBody, type Language, type RenewalPrompt } from '@dms/contract';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { z } from 'zod';
import { call, endpointQuery } from '@/api/call';
import { useFieldIssues } from '@/components/forms/useFieldIssues';
import { useSubmit } from '@/components/forms/useSubmit';
import { promptText } from '@/features/iot-cards/RenewalPrompt';
import { useI18n } from '@/i18n';
import { check, refusedFields } from './check';

/** Where each text puts the phone number (docs/iot-cards.md "The renewal prompt"). */
const PLACEHOLDER = '{phone}';
const PROMPT_READS = [api.iotCard.prompt];

interface PromptDraft {
  phone: string;
  texts: Record<Language, string>;
}

/**
 * Root's renewal prompt (spec 9; issue 22), shown where an IoT card is about to expire or has expired: the phone number
 * of the provider's engineer and the text in each language, with {phone} where the number goes; previewed as the
 * reader sees it, and restored to the product's.
 */
export function PromptTab() {
  const { t } = useI18n();
  const prompt = useQuery(endpointQuery(api.iotCard.prompt, {}));
  return (
    <Space orientation="vertical" size="middle" style={{ display: 'flex' }} data-testid="prompt-tab">
      <Typography.Text type="secondary">{t('notice.prompt.help', { placeholder: PLACEHOLDER })}</Typography.Text>
      {prompt.data ? (
        // A prompt read anew (saved, restored) starts the editor afresh from it.
        <PromptEditor key={JSON.stringify(prompt.data)} prompt={prompt.data} />
      ) : prompt.isError ? (
        <Alert type="error" showIcon data-testid="prompt-load-error" title={prompt.error.message} />
      ) : (
        <Skeleton active />
      )}
    </Space>
  );
}

function PromptEditor({ prompt }: { prompt: RenewalPrompt }) {
  const { t } = useI18n();
  const { message } = App.useApp();
  const [draft, setDraft] = useState<PromptDraft>(() => ({ phone: prompt.phone, texts: { ...prompt.texts } }));
  const [tried, setTried] = useState(false);
  const checked = useMemo(() => (tried ? check(renewalPromptBody, draft) : null), [tried, draft]);
  const labelOf = (path: string) => {
    const lang = LANGUAGES.find((l) => path === `texts.${l}`);
    return lang ? LANGUAGE_NAMES[lang] : t('notice.prompt.phone');
  };
  const { showServer, edited, item } = useFieldIssues(checked && !checked.ok ? checked.problems : null, labelOf);

  const save = useSubmit(
    async (body: z.output<typeof renewalPromptBody>) => {
      showServer([]);
      try {
        await call(api.iotCard.setPrompt, { body }, { errorDisplay: 'none' });
      } catch (e) {
        if (refusedFields(e, showServer)) return;
        throw e;
      }
      void message.success(t('notice.prompt.saved'));
    },
    { invalidates: PROMPT_READS },
  );
  const restore = useSubmit(
    async () => {
      await call(api.iotCard.restorePrompt, {}, { errorDisplay: 'none' });
      void message.success(t('notice.prompt.restored'));
    },
    { invalidates: PROMPT_READS },
  );

  const editPhone = (phone: string) => {
    setDraft((d) => ({ ...d, phone }));
    edited('phone');
    save.clearError();
  };
  const editText = (lang: Language, text: string) => {
    setDraft((d) => ({ ...d, texts: { ...d.texts, [lang]: text } }));
    edited(`texts.${lang}`);
    save.clearError();
  };
  const submit = () => {
    setTried(true);
    const result = check(renewalPromptBody, draft);
    if (result.ok) void save.run(result.body);
  };
  const error = save.error ?? restore.error;
  const problems = checked !== null && !checked.ok;

  /** A text's field: the problem at it, else a warning while it does not say where the phone number goes. */
  const textItem = (lang: Language) => {
    const at = item(`texts.${lang}`, LANGUAGE_NAMES[lang]);
    if (at.help !== undefined || draft.texts[lang].includes(PLACEHOLDER)) return at;
    return { ...at, validateStatus: 'warning' as const, help: t('notice.prompt.missing', { placeholder: PLACEHOLDER }) };
  };

  return (
    <Space orientation="vertical" size="middle" style={{ display: 'flex' }}>
      <Space wrap>
        <Tag color={prompt.custom ? 'orange' : undefined} data-testid="prompt-custom" data-custom={prompt.custom ? 'true' : 'false'}>
          {prompt.custom ? t('notice.prompt.custom') : t('notice.prompt.standard')}
        </Tag>
      </Space>
      <Form layout="vertical" component="div" data-testid="prompt-form">
        <Form.Item {...item('phone', t('notice.prompt.phone'))}>
          <Input
            data-testid="prompt-phone"
            prefix={<PhoneOutlined />}
            inputMode="tel"
            maxLength={32}
            autoComplete="off"
            style={{ width: 320, maxWidth: '100%' }}
            value={draft.phone}
            onChange={(e) => {
              editPhone(e.target.value);
            }}
          />
        </Form.Item>
        {LANGUAGES.map((lang) => (
          <Row key={lang} gutter={[24, 0]}>
            <Col xs={24} lg={12}>
              <Form.Item {...textItem(lang)}>
                <Input.TextArea
                  data-testid={`prompt-text-${lang}`}
                  lang={lang}
                  maxLength={1000}
                  autoSize={{ minRows: 3, maxRows: 10 }}
                  value={draft.texts[lang]}
                  onChange={(e) => {
                    editText(lang, e.target.value);
                  }}
                />
              </Form.Item>
            </Col>
            <Col xs={24} lg={12}>
              <Form.Item label={t('notice.prompt.preview', { language: LANGUAGE_NAMES[lang] })}>
                <Alert
                  type="warning"
                  showIcon
                  icon={<PhoneOutlined />}
                  title={t('iotCards.prompt.title')}
                  description={
                    <span data-testid={`prompt-preview-${lang}`} lang={lang} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                      {promptText(draft, lang)}
                    </span>
                  }
                />
              </Form.Item>
            </Col>
          </Row>
        ))}
      </Form>
      {(error !== null || problems) && <Alert type="error" showIcon data-testid="prompt-error" title={error ?? t('notice.problems')} />}
      <Space wrap>
        <Button type="primary" loading={save.busy} data-testid="prompt-save" onClick={submit}>
          {t('notice.prompt.save')}
        </Button>
        <Popconfirm
          title={t('notice.prompt.restoreConfirm')}
          disabled={!prompt.custom}
          okButtonProps={{ danger: true, 'data-testid': 'prompt-restore-ok' }}
          onConfirm={() => void restore.run()}
        >
          <Button loading={restore.busy} disabled={!prompt.custom} data-testid="prompt-restore">
            {t('notice.prompt.restore')}
          </Button>
        </Popconfirm>
      </Space>
    </Space>
  );
}
