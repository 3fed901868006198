import { Alert, App, Form, InputNumber, Radio, Select } from 'antd';
import { api, type UploadSettings } from '@dms/contract';
import { call } from '@/api/call';
import { FormModal } from '@/components/forms/FormModal';
import { useSubmit } from '@/components/forms/useSubmit';
import { useI18n } from '@/i18n';

interface SettingsForm {
  interval: number | null;
  deadband: number | null;
  mode: 'keep' | 'all' | 'only';
  registers: string[];
}

const REGISTER = /^(?:0|[1-9]\d{0,4})$/;

/**
 * New upload settings for one box or a selection: a field left empty is kept as it is. Saved, they go to the boxes as a
 * `config` command; the message says how many got it now and how many will when they come online.
 */
export function UploadSettingsModal({
  boxIds,
  current,
  onClose,
}: {
  boxIds: readonly number[];
  /** One box's settings, to start from; null for a selection or a box never set. */
  current: UploadSettings | null;
  onClose: (saved: boolean) => void;
}) {
  const { t } = useI18n();
  const { message } = App.useApp();
  const [form] = Form.useForm<SettingsForm>();
  const { busy, error, run, clearError } = useSubmit(
    async (v: SettingsForm) => {
      const body = {
        boxIds: [...boxIds],
        ...(v.interval !== null ? { interval: v.interval } : {}),
        ...(v.deadband !== null ? { deadband: v.deadband } : {}),
        ...(v.mode === 'all' ? { registers: [] } : v.mode === 'only' ? { registers: v.registers.map(Number) } : {}),
      };
      const { sent, queued } = await call(api.smartbox.setDws, { body }, { errorDisplay: 'none' });
      void message.success(t('smartbox.dws.saved', { sent, queued }));
      onClose(true);
    },
    { invalidates: [api.smartbox.dws] },
  );
  const mode = Form.useWatch('mode', form);
  return (
    <FormModal<SettingsForm>
      open
      title={
        boxIds.length === 1 ? t('smartbox.dws.titleOne', { boxId: boxIds[0] ?? 0 }) : t('smartbox.dws.titleMany', { count: boxIds.length })
      }
      okText={t('smartbox.dws.send')}
      okTestId="dws-save"
      busy={busy}
      form={form}
      initialValues={{
        interval: current?.interval ?? null,
        deadband: current?.deadband ?? null,
        mode: current?.registers ? (current.registers.length === 0 ? 'all' : 'only') : 'keep',
        registers: (current?.registers ?? []).map(String),
      }}
      onFinish={(v) => void run(v)}
      onChange={clearError}
      onCancel={() => {
        onClose(false);
      }}
    >
      <Form.Item name="interval" label={t('smartbox.dws.interval')} extra={t('smartbox.dws.keepEmpty')}>
        <InputNumber<number> data-testid="dws-interval" min={1} max={3600} precision={0} suffix="s" style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="deadband" label={t('smartbox.dws.deadband')} extra={t('smartbox.dws.deadbandHelp')}>
        <InputNumber<number> data-testid="dws-deadband" min={0} max={65_535} precision={0} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="mode" label={t('smartbox.dws.registers')}>
        <Radio.Group data-testid="dws-registers-mode">
          <Radio value="keep">{t('smartbox.dws.registersKeep')}</Radio>
          <Radio value="all">{t('smartbox.dws.allRegisters')}</Radio>
          <Radio value="only">{t('smartbox.dws.registersOnly')}</Radio>
        </Radio.Group>
      </Form.Item>
      {mode === 'only' && (
        <Form.Item
          name="registers"
          extra={t('smartbox.dws.registersHelp')}
          rules={[
            { required: true, type: 'array', min: 1, message: t('smartbox.dws.registersNeeded') },
            {
              validator: (_rule, value: string[]) =>
                value.every((v) => REGISTER.test(v) && Number(v) <= 65_535)
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('smartbox.dws.registersBad'))),
            },
          ]}
        >
          <Select mode="tags" data-testid="dws-registers" tokenSeparators={[',', ' ']} open={false} />
        </Form.Item>
      )}
      {error && <Alert type="error" title={error} showIcon role="alert" data-testid="dws-error" />}
    </FormModal>
  );
}
