import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntdApp, ConfigProvider, theme } from 'antd';
import type { Locale } from 'antd/es/locale';
import { useEffect } from 'react';
import { RouterProvider } from 'react-router';
import { t, takeLanguageSwitched } from '../i18n';
import { useReducedMotion } from '../layout/useReducedMotion';
import { antdSize, useAppState } from '../settings/app-state';
import { useSetting } from '../settings/store';
import { FeedbackBridge, withFeedback } from './feedback';
import { createQueryClient } from './query-client';
import { createAppRouter } from './router';

const router = createAppRouter();
const queryClient = createQueryClient();

/** After a language switch reload: 'Switch Language Success' in the new language (spec 8). */
function LanguageSwitchedNotice() {
  useEffect(() => {
    if (takeLanguageSwitched()) withFeedback((f) => void f.message.success(t('navbar.language.success')));
  }, []);
  return null;
}

/**
 * The providers: antd theme (colour from settings, size from the size select, no animation for a user who asked their
 * system for less motion), antd locale, feedback, server state, router.
 */
export function App({ antdLocale }: { antdLocale: Locale }) {
  const colorPrimary = useSetting('themeColor');
  const size = useAppState((s) => s.size);
  const { componentSize, compact } = antdSize(size);
  const reducedMotion = useReducedMotion();
  useEffect(() => {
    // The shell's own styles (tags, initials) follow the theme colour too.
    document.documentElement.style.setProperty('--dms-primary', colorPrimary);
  }, [colorPrimary]);
  return (
    <ConfigProvider
      locale={antdLocale}
      componentSize={componentSize}
      theme={{
        token: { colorPrimary, colorInfo: colorPrimary, motion: !reducedMotion },
        algorithm: compact ? [theme.defaultAlgorithm, theme.compactAlgorithm] : theme.defaultAlgorithm,
      }}
    >
      <AntdApp>
        <FeedbackBridge />
        <LanguageSwitchedNotice />
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </AntdApp>
    </ConfigProvider>
  );
}
