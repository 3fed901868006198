import { Alert, Button, Card, Form, Input, List, Result, Select } from 'antd';
import type { Rule } from 'antd/es/form';
import { api, canAccess, ckProblem, message as serverMessage, type ClaimResult } from '@dms/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { call, endpointQuery } from '@/api/call';
import { useSubmit } from '@/components/forms/useSubmit';
import { useRoles, useSession } from '@/auth/session';
import { detailPath } from '@/features/devices/links';
import { useI18n } from '@/i18n';
import { LabelScanner } from './LabelScanner';
import type { ScanResult } from './scan-label';
import './add-device.css';

interface ClaimForm {
  boxId: string;
  ck: string;
  /** One of the caller's sub-managers, or 0 for the caller. */
  forUser: number;
}

/** A device's page from the type code the box reported (its kind decides which detail page opens). */
function kindOf(typeCode: string | null) {
  if (!typeCode) return null;
  return typeCode.includes('plc') ? ('plc' as const) : typeCode.includes('maglev') ? ('maglev' as const) : ('compressor' as const);
}

/**
 * /usermanager/add-device: claim a registered box by its id and the four-digit CK code on its label, or by scanning its
 * claim label (the camera, or an uploaded photo; read in the browser); its devices become the user's (docs/people.md "Claiming a box"). The server bounds wrong codes; its message says why a claim failed.
 */
export default function AddDevicePage() {
  const { t, lang } = useI18n();
  const [form] = Form.useForm<ClaimForm>();
  const [claimed, setClaimed] = useState<ClaimResult | null>(null);
  // A label read (camera or photo): its box fills the form, and its secret replaces the CK code as the proof.
  const [label, setLabel] = useState<Extract<ScanResult, { kind: 'label' }> | null>(null);
  // Who may have sub-managers is told the list, to claim a box for one of them in the same step.
  const roles = useRoles();
  const username = useSession((st) => st.user?.username ?? '');
  const subManagers = useQuery({
    ...endpointQuery(api.usermanager.getManagers, { query: { page: 1, page_size: 100, state: 'enabled' } }),
    enabled: canAccess(roles, 'editManager'),
  });
  const forOptions = subManagers.data?.items ?? [];

  const rules: Record<'boxId' | 'ck', Rule> = {
    boxId: {
      validator: (_r, value: unknown) =>
        typeof value === 'string' && /^[1-9]\d{0,9}$/.test(value.trim())
          ? Promise.resolve()
          : Promise.reject(new Error(serverMessage(lang, 'validation.field.positiveInteger', { field: t('addDevice.boxId') }))),
    },
    ck: {
      validator: (_r, value: unknown) => {
        if (label) return Promise.resolve();
        const key = ckProblem(typeof value === 'string' ? value.trim() : '');
        return key ? Promise.reject(new Error(serverMessage(lang, key))) : Promise.resolve();
      },
    },
  };

  const {
    busy,
    error,
    run: submit,
    clearError,
  } = useSubmit(async (values: ClaimForm) => {
    const result = await call(
      api.usermanager.registerDeviceToUser,
      {
        body: {
          boxId: values.boxId.trim(),
          ...(label ? { claim: label.claim } : { ck: values.ck.trim() }),
          userId: values.forUser === 0 ? null : values.forUser,
        },
      },
      { errorDisplay: 'none' },
    );
    setClaimed(result);
    setLabel(null);
    form.resetFields();
  });

  return (
    <Card title={t('usermanager.route.addDevice')} className="dms-narrow-card">
      {claimed && (
        <Result
          status="success"
          data-testid="add-device-done"
          title={
            claimed.owner === username
              ? t('addDevice.done', { boxId: claimed.boxId, count: claimed.devices.length })
              : t('addDevice.doneFor', { boxId: claimed.boxId, count: claimed.devices.length, owner: claimed.owner })
          }
          extra={
            <List
              size="small"
              dataSource={claimed.devices}
              locale={{ emptyText: t('addDevice.noDevicesYet') }}
              renderItem={(d) => (
                <List.Item>
                  <Link to={detailPath(kindOf(d.typeCode), claimed.boxId, d.controller)} data-testid={`add-device-link-${d.controller}`}>
                    {`${claimed.boxId}/${d.controller}`}
                  </Link>
                </List.Item>
              )}
            />
          }
        />
      )}
      <Form<ClaimForm>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ boxId: '', ck: '', forUser: 0 }}
        onFinish={(v) => void submit(v)}
        onValuesChange={(changed: Partial<ClaimForm>) => {
          clearError();
          // Another box typed: the label read was of the one before.
          if (changed.boxId !== undefined && label && changed.boxId.trim() !== String(label.boxId)) setLabel(null);
        }}
      >
        <LabelScanner
          onScanned={(scanned) => {
            setLabel(scanned);
            clearError();
            form.setFieldsValue({ boxId: String(scanned.boxId), ck: '' });
            void form.validateFields(['boxId']);
          }}
        />
        {label && (
          <Alert
            type="success"
            showIcon
            className="dms-form-alert"
            data-testid="add-device-label"
            title={t('addDevice.scan.read', { boxId: label.boxId })}
            action={
              <Button
                size="small"
                type="link"
                onClick={() => {
                  setLabel(null);
                }}
                data-testid="add-device-label-clear"
              >
                {t('addDevice.scan.useCk')}
              </Button>
            }
          />
        )}
        <Form.Item
          name="boxId"
          label={t('addDevice.boxId')}
          rules={[rules.boxId]}
          validateTrigger="onBlur"
          extra={t('addDevice.boxIdHelp')}
        >
          <Input data-testid="add-device-box-id" inputMode="numeric" maxLength={10} autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="ck"
          label={t('addDevice.ck')}
          rules={[rules.ck]}
          validateTrigger="onBlur"
          extra={t('addDevice.ckHelp')}
          hidden={label !== null}
        >
          <Input data-testid="add-device-ck" inputMode="numeric" maxLength={4} autoComplete="off" />
        </Form.Item>
        {forOptions.length > 0 && (
          <Form.Item name="forUser" label={t('managers.forWhom')}>
            <Select<number>
              data-testid="add-device-for"
              options={[
                { value: 0, label: t('managers.forMe') },
                ...forOptions.map((m) => ({ value: m.id, label: m.name ? `${m.username} (${m.name})` : m.username })),
              ]}
            />
          </Form.Item>
        )}
        {error && <Alert type="error" title={error} showIcon role="alert" data-testid="add-device-error" className="dms-form-alert" />}
        <Button type="primary" htmlType="submit" loading={busy} data-testid="add-device-submit">
          {t('addDevice.submit')}
        </Button>
      </Form>
    </Card>
  );
}
