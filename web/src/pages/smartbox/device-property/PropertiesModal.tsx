import { Alert, App, Form, Input } from 'antd';
import { api, DEVICE_PROPERTIES, type DeviceProperty, type DeviceSummary } from '@dms/contract';
import { call } from '@/api/call';
import { FormModal } from '@/components/forms/FormModal';
import { useSubmit } from '@/components/forms/useSubmit';
import { useI18n } from '@/i18n';

/** What a change of devices' properties makes stale: the lists of devices and a device's page. */
export const PROPERTY_READS = [api.devices.list, api.devices.detail];

type PropertiesForm = Record<DeviceProperty, string>;

/**
 * The properties of one device (its values to start from) or of a selection (empty to start from): a field left as it
 * was, or empty for a selection, is kept; what changed is set on every device at once.
 */
export function PropertiesModal({ devices, onClose }: { devices: readonly DeviceSummary[]; onClose: (saved: boolean) => void }) {
  const { t } = useI18n();
  const { message } = App.useApp();
  const [form] = Form.useForm<PropertiesForm>();
  const one = devices.length === 1 ? devices[0] : undefined;
  const initial = Object.fromEntries(DEVICE_PROPERTIES.map((p) => [p, one ? (one[p] ?? '') : ''])) as PropertiesForm;
  const { busy, error, run, clearError } = useSubmit(
    async (v: PropertiesForm) => {
      const fields = Object.fromEntries(
        DEVICE_PROPERTIES.filter((p) => v[p].trim() !== initial[p]).map((p) => [
          p,
          (p === 'installDate' || p === 'expiryDate') && v[p].trim() === '' ? null : v[p].trim(),
        ]),
      );
      const { updated } = await call(
        api.smartbox.setDeviceProperties,
        { body: { deviceIds: devices.map((d) => d.id), fields } },
        { errorDisplay: 'none' },
      );
      void message.success(t('smartbox.property.saved', { count: updated }));
      onClose(true);
    },
    { invalidates: PROPERTY_READS },
  );
  return (
    <FormModal<PropertiesForm>
      open
      title={
        one
          ? t('smartbox.property.titleOne', { device: `${one.boxId}/${one.controller}` })
          : t('smartbox.property.titleMany', { count: devices.length })
      }
      okText={t('smartbox.property.save')}
      okTestId="property-save"
      busy={busy}
      form={form}
      initialValues={initial}
      onFinish={(v) => void run(v)}
      onChange={clearError}
      onCancel={() => {
        onClose(false);
      }}
    >
      {!one && <Alert type="info" showIcon title={t('smartbox.property.keepEmpty')} className="dms-form-alert" />}
      {DEVICE_PROPERTIES.map((p) => (
        <Form.Item
          key={p}
          name={p}
          label={t(`devices.field.${p}`)}
          extra={p === 'installDate' || p === 'expiryDate' ? 'YYYY-MM-DD' : undefined}
        >
          <Input data-testid={`property-${p}`} maxLength={p === 'remark' ? 255 : 128} />
        </Form.Item>
      ))}
      {error && <Alert type="error" title={error} showIcon role="alert" data-testid="property-error" />}
    </FormModal>
  );
}
