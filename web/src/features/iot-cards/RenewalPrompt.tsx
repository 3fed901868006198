import { PhoneOutlined } from '@ant-design/icons';
import { Alert } from 'antd';
import { api, type RenewalPrompt as Prompt } from '@dms/contract';
import { useQuery } from '@tanstack/react-query';
import { endpointQuery } from '@/api/call';
import { useI18n } from '@/i18n';

/** The prompt's text in a language with its phone number in place of {phone}. */
export function promptText(prompt: Pick<Prompt, 'phone' | 'texts'>, lang: keyof Prompt['texts']): string {
  return prompt.texts[lang].split('{phone}').join(prompt.phone);
}

/**
 * The renewal prompt (spec 9; issue 22), where a card expires: root's text in the user's language, or the product's,
 * telling them to call the provider's engineer at its phone number.
 */
export function RenewalPrompt({ testId = 'renewal-prompt' }: { testId?: string }) {
  const { t, lang } = useI18n();
  const prompt = useQuery(endpointQuery(api.iotCard.prompt, {}));
  if (!prompt.data) return null;
  return (
    <Alert
      type="warning"
      showIcon
      icon={<PhoneOutlined />}
      title={t('iotCards.prompt.title')}
      description={<span data-testid={testId}>{promptText(prompt.data, lang)}</span>}
      style={{ marginBottom: 12 }}
    />
  );
}
