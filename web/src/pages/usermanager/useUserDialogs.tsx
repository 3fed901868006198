import { App } from 'antd';
import { useState, type ReactNode } from 'react';
import { useI18n } from '@/i18n';
import { PasswordModal } from './PasswordModal';
import { TemplateModal } from './TemplateModal';

/** A user below the caller, as the helper and sub-manager lists give them. */
interface Person {
  id: number;
  username: string;
  template: { id: number } | null;
}

/**
 * The password and template dialogs of a list of users below the caller (helpers, sub-managers): `askPassword(row)` and
 * `askTemplate(row)` open them, `dialogs` is rendered once beside the list. Test ids: `${testId}-password…`,
 * `${testId}-template…`.
 */
export function useUserDialogs<R extends Person>({
  testId,
  defaultTemplateLabel,
  savePassword,
  saveTemplate,
  onTemplateSaved,
}: {
  testId: string;
  defaultTemplateLabel: string;
  savePassword: (row: R, password: string) => Promise<unknown>;
  saveTemplate: (row: R, templateId: number | null) => Promise<unknown>;
  onTemplateSaved: () => void;
}): { askPassword: (row: R) => void; askTemplate: (row: R) => void; dialogs: ReactNode } {
  const { t } = useI18n();
  const { message } = App.useApp();
  const [passwordFor, setPasswordFor] = useState<R | null>(null);
  const [templateFor, setTemplateFor] = useState<R | null>(null);
  const dialogs = (
    <>
      <PasswordModal
        username={passwordFor?.username ?? null}
        testId={`${testId}-password`}
        save={(password) => (passwordFor ? savePassword(passwordFor, password) : Promise.resolve())}
        onClose={() => {
          setPasswordFor(null);
        }}
        onDone={() => {
          void message.success(t('people.passwordSet'));
          setPasswordFor(null);
        }}
      />
      <TemplateModal
        user={templateFor ? { username: templateFor.username, templateId: templateFor.template?.id ?? null } : null}
        testId={`${testId}-template`}
        defaultLabel={defaultTemplateLabel}
        save={(templateId) => (templateFor ? saveTemplate(templateFor, templateId) : Promise.resolve())}
        onClose={() => {
          setTemplateFor(null);
        }}
        onDone={() => {
          void message.success(t('people.templateSet'));
          setTemplateFor(null);
          onTemplateSaved();
        }}
      />
    </>
  );
  return { askPassword: setPasswordFor, askTemplate: setTemplateFor, dialogs };
}
