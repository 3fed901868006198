import { Form, Input, Modal } from 'antd';
import { passwordProblem, message as serverMessage } from '@dms/contract';
import { useSubmit } from '@/components/forms/useSubmit';
import { useI18n } from '@/i18n';

/**
 * Sets the password of a user below the caller (a helper, a sub-manager): spec 5 rules in the form, the server's
 * message on refusal. `testId` prefixes the input (`-input`) and the OK button (`-ok`).
 */
export function PasswordModal({
  username,
  save,
  onClose,
  onDone,
  testId,
}: {
  /** Whose password; null closes the dialog. */
  username: string | null;
  save: (password: string) => Promise<unknown>;
  onClose: () => void;
  onDone: () => void;
  testId: string;
}) {
  const { t, lang } = useI18n();
  const [form] = Form.useForm<{ password: string }>();

  const {
    busy,
    error,
    run: submit,
  } = useSubmit(async (password: string) => {
    await save(password);
    form.resetFields();
    onDone();
  });

  return (
    <Modal
      open={username !== null}
      title={username ? t('people.newPassword', { username }) : ''}
      okText={t('common.action.ok')}
      cancelText={t('common.action.cancel')}
      confirmLoading={busy}
      destroyOnHidden
      okButtonProps={{ 'data-testid': `${testId}-ok` }}
      onCancel={onClose}
      onOk={() => {
        form.submit();
      }}
    >
      <Form form={form} layout="vertical" preserve={false} onFinish={({ password }) => void submit(password)}>
        <Form.Item
          name="password"
          label={t('people.password')}
          validateTrigger="onBlur"
          help={error ?? undefined}
          validateStatus={error ? 'error' : undefined}
          rules={[
            {
              validator: (_r, value: unknown) => {
                const key = passwordProblem(typeof value === 'string' ? value : '');
                return key ? Promise.reject(new Error(serverMessage(lang, key))) : Promise.resolve();
              },
            },
          ]}
        >
          <Input.Password data-testid={`${testId}-input`} autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
