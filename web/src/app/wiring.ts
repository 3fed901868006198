import { API_BASE } from '@dms/contract';
import { configureClient } from '../api/client';
import { createLoggedOutHandler } from '../auth/logged-out';
import { sessionStore } from '../auth/session';
import { currentLanguage, t } from '../i18n';
import { withFeedback } from './feedback';

/** Connects the HTTP client to the session, the language and the console's message and confirm boxes. */
export function wireClient(): void {
  configureClient({
    baseUrl: API_BASE,
    getToken: () => sessionStore.get().token,
    getLanguage: currentLanguage,
    onLoggedOut: createLoggedOutHandler(
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
    ),
    confirmWarning: (message) => {
      withFeedback((f) => {
        f.modal.confirm({
          title: t('common.warning.title'),
          content: message,
          okText: t('common.action.ok'),
          cancelText: t('common.action.cancel'),
        });
      });
    },
    // Keyed by its text: the same failure again (a load tried once more) replaces the message instead of stacking.
    showError: (message) => {
      withFeedback((f) => void f.message.error({ content: message, key: message }));
    },
  });
}
