import { GlobalOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { LANGUAGES, LANGUAGE_NAMES, isLanguage } from '@dms/contract';
import { switchLanguage, useI18n } from './index';

/**
 * The language select of the top bar and the sign-in page (spec 2): stores the choice in the `language` cookie
 * and reloads; the reloaded page says 'Switch Language Success' in the new language.
 */
export function LanguageSelect({ showLabel = false }: { showLabel?: boolean }) {
  const { t, lang } = useI18n();
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [lang],
        items: LANGUAGES.map((code) => ({
          key: code,
          label: (
            <span data-testid={`lang-option-${code}`} lang={code}>
              {LANGUAGE_NAMES[code]}
            </span>
          ),
        })),
        onClick: ({ key }) => {
          if (isLanguage(key) && key !== lang) switchLanguage(key);
        },
      }}
    >
      <Button type="text" data-testid="lang-select" aria-label={t('navbar.language.label')} icon={<GlobalOutlined />}>
        {showLabel ? LANGUAGE_NAMES[lang] : null}
      </Button>
    </Dropdown>
  );
}
