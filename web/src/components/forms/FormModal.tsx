import { Form, Modal, type FormInstance } from 'antd';
import type { ReactNode } from 'react';
import { useI18n } from '@/i18n';

export interface FormModalProps<T> {
  open: boolean;
  title: ReactNode;
  okText: string;
  /** data-testid of the OK button. */
  okTestId: string;
  /** The submit is running (`useSubmit`'s busy). */
  busy: boolean;
  /** OK cannot be pressed yet (a preview must come first). */
  okDisabled?: boolean;
  /** The dialog's width (antd's default, 520 px, when not given). */
  width?: number;
  form: FormInstance<T>;
  initialValues: Partial<T>;
  onFinish: (values: T) => void;
  /** A field changed (`useSubmit`'s clearError: the server's message goes once the user edits). */
  onChange: () => void;
  onCancel: () => void;
  children: ReactNode;
}

/**
 * A dialog holding one form: OK submits it, Cancel closes, and the form starts again from `initialValues` each time it
 * opens (destroyed when hidden). Its fields are the children; the server's refusal is shown on the field it is about.
 */
export function FormModal<T>({
  open,
  title,
  okText,
  okTestId,
  busy,
  okDisabled = false,
  width,
  form,
  initialValues,
  onFinish,
  onChange,
  onCancel,
  children,
}: FormModalProps<T>) {
  const { t } = useI18n();
  return (
    <Modal
      open={open}
      title={title}
      okText={okText}
      cancelText={t('common.action.cancel')}
      confirmLoading={busy}
      destroyOnHidden
      okButtonProps={{ 'data-testid': okTestId, disabled: okDisabled }}
      {...(width === undefined ? {} : { width })}
      onCancel={onCancel}
      onOk={() => {
        form.submit();
      }}
    >
      <Form<T> form={form} layout="vertical" preserve={false} initialValues={initialValues} onFinish={onFinish} onValuesChange={onChange}>
        {children}
      </Form>
    </Modal>
  );
}
