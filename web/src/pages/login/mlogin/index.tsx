import { useI18n } from '@/i18n';
import { LanguageSelect } from '@/i18n/LanguageSelect';
import { LoginForm } from '../shared/LoginForm';

/** /mlogin: the mobile-first sign-in page (the production host's sign-in, spec 2). Same form, full width. */
export default function MobileLoginPage() {
  const { t } = useI18n();
  return (
    <main className="dms-mlogin">
      <header className="dms-mlogin-header">
        <img src="/favicon.svg" alt="" width={32} height={32} />
        <h1 className="dms-mlogin-title">{t('common.app.title')}</h1>
        <LanguageSelect />
      </header>
      <section className="dms-mlogin-body" aria-label={t('login.form.title')}>
        <p className="dms-login-subtitle">{t('login.form.subtitle')}</p>
        <LoginForm size="large" />
      </section>
    </main>
  );
}
