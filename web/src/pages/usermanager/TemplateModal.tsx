import { Alert, Modal, Typography } from 'antd';
import { useState } from 'react';
import { isApiError } from '@/api/client';
import { TemplateSelect } from '@/features/templates/TemplateSelect';
import { useI18n } from '@/i18n';

/** Gives a user below the caller a permission template (or their role's default); the server's message on refusal. */
export function TemplateModal({
  user,
  save,
  onClose,
  onDone,
  defaultLabel,
  testId,
}: {
  /** Whose template, and the one they have; null closes the dialog. */
  user: { username: string; templateId: number | null } | null;
  save: (templateId: number | null) => Promise<unknown>;
  onClose: () => void;
  onDone: () => void;
  defaultLabel: string;
  testId: string;
}) {
  const { t } = useI18n();
  // The choice and the error belong to the user the dialog was opened for: opening it for another starts afresh.
  const [picked, setPicked] = useState<{ for: string; templateId: number | null } | null>(null);
  const [failed, setFailed] = useState<{ for: string; message: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const choice = picked && picked.for === user?.username ? picked.templateId : (user?.templateId ?? null);
  const error = failed && failed.for === user?.username ? failed.message : null;
  const setChoice = (templateId: number | null) => {
    if (user) setPicked({ for: user.username, templateId });
  };

  async function submit(): Promise<void> {
    if (!user) return;
    setBusy(true);
    setFailed(null);
    try {
      await save(choice);
      setPicked(null);
      onDone();
    } catch (e) {
      if (isApiError(e) && e.kind !== 'loggedOut') setFailed({ for: user.username, message: e.message });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      open={user !== null}
      title={user ? t('people.templateFor', { username: user.username }) : ''}
      okText={t('common.action.ok')}
      cancelText={t('common.action.cancel')}
      confirmLoading={busy}
      destroyOnHidden
      okButtonProps={{ 'data-testid': `${testId}-ok` }}
      onCancel={onClose}
      onOk={() => void submit()}
    >
      <TemplateSelect value={choice} onChange={setChoice} defaultLabel={defaultLabel} testId={`${testId}-select`} />
      <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
        {t('people.templateHelp')}
      </Typography.Paragraph>
      {error && <Alert type="error" title={error} showIcon role="alert" />}
    </Modal>
  );
}
