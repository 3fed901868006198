import GlobalOutlined from '@ant-design/icons/GlobalOutlined';
import { LANGUAGES, type Language } from '@dms/contract';
import { Button, Dropdown } from 'antd';
import { language, LANGUAGE_NAMES, switchLanguage, t } from '../i18n/index.js';

/** Language select (spec 2): en, zh, es, ja; switching stores a cookie and reloads. */
export function LangSelect({ light = false }: { light?: boolean }) {
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [language],
        items: LANGUAGES.map((lang) => ({
          key: lang,
          label: <span data-testid={`lang-option-${lang}`}>{LANGUAGE_NAMES[lang]}</span>,
        })),
        onClick: ({ key }) => {
          if (key !== language) switchLanguage(key as Language);
        },
      }}
    >
      <Button type="text" data-testid="lang-select" aria-label={t('navbar.language')} icon={<GlobalOutlined />} style={light ? { color: '#fff' } : undefined}>
        {LANGUAGE_NAMES[language]}
      </Button>
    </Dropdown>
  );
}
