import { API_BASE } from '@dms/contract';
import { configureClient } from '../api/client';
import { configureRealtime } from '../api/realtime';
import { createLoggedOutHandler } from '../auth/logged-out';
import { sessionStore } from '../auth/session';
import { currentLanguage, t } from '../i18n';
import { withFeedback } from './feedback';

/**
 * Connects the HTTP client to the session, the language and the console's message and confirm boxes, and the live
 * push to the same logged-out confirm (a session ended while its socket was open).
 */
export function wireClient(): void {
  const onLoggedOut = createLoggedOutHandler(
    {
      show: ({ relogin, close }) => {
        withFeedback((f) => {
          f.modal.confirm({
            title: t('common.loggedOut.title'),
            content: t('common.loggedOut.content'),
            okText: t('common.loggedOut.relogin'),
            cancelText: t('common.loggedOut.cancel'),
            onOk: relogin,
            afterClose: close,
          });
        });
      },
    },
    () => {
      window.location.reload();
    },
  );
  configureRealtime({ onSessionEnded: onLoggedOut });
  configureClient({
    baseUrl: API_BASE,
    getToken: () => sessionStore.get().token,
    getLanguage: currentLanguage,
    onLoggedOut,
    confirmWarning: (message, onOk) => {
      withFeedback((f) => {
        f.modal.confirm({
          title: t('common.warning.title'),
          content: message,
          okText: t('common.action.ok'),
          cancelText: t('common.action.cancel'),
          okButtonProps: { 'data-testid': 'warning-confirm-ok' },
          ...(onOk ? { onOk } : {}),
        });
      });
    },
    // Keyed by its text: the same failure again (a load tried once more) replaces the message instead of stacking.
    showError: (message) => {
      withFeedback((f) => void f.message.error({ content: message, key: message }));
    },
  });
}
