import { useI18n } from '@/i18n';
import { LanguageSelect } from '@/i18n/LanguageSelect';
import { LoginForm } from '../shared/LoginForm';

/** /login: the desktop sign-in page. */
export default function LoginPage() {
  const { t } = useI18n();
  return (
    <main className="dms-login">
      <section className="dms-login-card" aria-labelledby="login-title">
        <header className="dms-login-header">
          <img src="/favicon.svg" alt="" width={40} height={40} />
          <div>
            <h1 id="login-title" className="dms-login-title">
              {t('common.app.title')}
            </h1>
            <p className="dms-login-subtitle">{t('login.form.subtitle')}</p>
          </div>
          <div className="dms-login-lang">
            <LanguageSelect showLabel />
          </div>
        </header>
        <LoginForm />
      </section>
    </main>
  );
}
