import { Alert, Button, Descriptions, InputNumber, Modal, Popconfirm, Select, Space, Typography } from 'antd';
import { api, WRITE_REJECT_REASONS, type DeviceDetail, type RegisterDef, type WriteRejectReason, type WriteResult } from '@dms/contract';
import { useState } from 'react';
import { isApiError } from '@/api/client';
import { call } from '@/api/call';
import { useI18n } from '@/i18n';
import { formatRegisterWithUnit, localized, registerName, scaleRaw, writeBounds, writeProblem } from '@/features/devices/registers';

type Outcome = { kind: 'result'; result: WriteResult } | { kind: 'error'; message: string };

/**
 * Writes one register: the current value, an input for the new value in engineering units (a select of the options
 * for `enum`), checked against the register's range; a confirmation; then the outcome the server reports
 * (acknowledged, rejected with the box's reason, timed out) or the refusal (device offline, no right, bad value).
 */
export function WriteDialog({
  device,
  def,
  raw,
  onClose,
  onWritten,
}: {
  device: DeviceDetail;
  def: RegisterDef;
  raw: number | undefined;
  onClose: () => void;
  onWritten: (register: number, result: WriteResult) => void;
}) {
  const { t, lang } = useI18n();
  const ctx = { t, lang };
  const [value, setValue] = useState<number | null>(raw === undefined ? null : def.format === 'enum' ? raw : scaleRaw(def, raw));
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const bounds = writeBounds(def);
  const name = registerName(def, lang);

  // A new value: the last write's outcome goes.
  const change = (next: number | null) => {
    if (!Object.is(next, value)) setOutcome(null);
    setValue(next);
    setTouched(true);
  };

  const problem = writeProblem(def, value);
  const problemText =
    problem === 'required'
      ? t('devices.register.required')
      : problem === 'range'
        ? t('devices.register.outOfRange', { min: bounds.min, max: bounds.max })
        : problem === 'option'
          ? t('devices.register.chooseOption')
          : null;

  const shown = (v: number) =>
    def.format === 'enum' ? localized(def.options?.[String(v)], lang) || `#${v}` : `${v}${def.unit ? ` ${def.unit}` : ''}`;

  const submit = async () => {
    if (value === null || problem) return;
    setBusy(true);
    setOutcome(null);
    try {
      const result = await call(
        api.devices.write,
        { params: { boxId: device.boxId, controller: device.controller, register: def.number }, body: { value } },
        { errorDisplay: 'none' },
      );
      setOutcome({ kind: 'result', result });
      onWritten(def.number, result);
    } catch (error) {
      if (isApiError(error) && (error.kind === 'loggedOut' || error.kind === 'aborted')) return;
      setOutcome({ kind: 'error', message: isApiError(error) && error.message ? error.message : t('common.state.hasError') });
    } finally {
      setBusy(false);
    }
  };

  const reason = (r: string | null) => {
    const key = r ?? 'unknown';
    return isRejectReason(key) ? t(`devices.rejectReason.${key}`) : r ? r : t('devices.rejectReason.unknown');
  };

  return (
    <Modal
      open
      title={t('devices.register.writeTitle', { name })}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={onClose} data-testid="write-cancel">
            {t('devices.detail.cancel')}
          </Button>
          <Popconfirm
            title={t('devices.register.confirm', { name, value: value === null ? '' : shown(value) })}
            okText={t('devices.register.confirmOk')}
            cancelText={t('devices.detail.cancel')}
            onConfirm={() => void submit()}
            disabled={problem !== null}
            okButtonProps={{ 'data-testid': 'write-confirm' }}
          >
            <Button
              type="primary"
              loading={busy}
              disabled={problem !== null}
              onClick={() => {
                setTouched(true);
              }}
              data-testid="write-submit"
            >
              {busy ? t('devices.register.writing') : t('devices.register.write')}
            </Button>
          </Popconfirm>
        </Space>
      }
    >
      <div data-testid="write-dialog" data-register={def.number}>
        <Descriptions
          size="small"
          column={1}
          items={[
            { key: 'register', label: t('devices.register.number'), children: def.number },
            {
              key: 'current',
              label: t('devices.register.current'),
              children: <span data-testid="write-current">{formatRegisterWithUnit(def, raw, ctx)}</span>,
            },
          ]}
        />
        <Typography.Paragraph strong style={{ margin: '12px 0 4px' }}>
          {t('devices.register.newValue')}
        </Typography.Paragraph>
        {def.format === 'enum' ? (
          <Select<number>
            className="dms-register-write-input"
            value={value ?? undefined}
            onChange={change}
            options={Object.entries(def.options ?? {}).map(([k, text]) => ({ value: Number(k), label: localized(text, lang) }))}
            data-testid="write-select"
          />
        ) : (
          <>
            <InputNumber<number>
              className="dms-register-write-input"
              value={value}
              step={bounds.step}
              precision={bounds.precision}
              onChange={change}
              suffix={def.unit || undefined}
              status={touched && problemText ? 'error' : undefined}
              data-testid="write-input"
            />
            <Typography.Text type="secondary">
              {t('devices.register.range', { min: bounds.min, max: bounds.max, unit: def.unit })}
            </Typography.Text>
          </>
        )}
        {touched && problemText && (
          <Typography.Paragraph type="danger" data-testid="write-problem" style={{ margin: '4px 0 0' }}>
            {problemText}
          </Typography.Paragraph>
        )}
        {outcome && (
          <div style={{ marginTop: 12 }}>
            {outcome.kind === 'error' ? (
              <Alert type="error" showIcon role="alert" title={outcome.message} data-testid="write-outcome" data-outcome="error" />
            ) : (
              <Alert
                showIcon
                role="status"
                data-testid="write-outcome"
                data-outcome={outcome.result.outcome}
                type={outcome.result.outcome === 'acknowledged' ? 'success' : outcome.result.outcome === 'rejected' ? 'error' : 'warning'}
                title={
                  outcome.result.outcome === 'acknowledged'
                    ? t('devices.register.acknowledged', { value: shown(outcome.result.newValue) })
                    : outcome.result.outcome === 'rejected'
                      ? t('devices.register.rejected', { reason: reason(outcome.result.reason) })
                      : t('devices.register.timed_out')
                }
              />
            )}
          </div>
        )}
      </div>
    </Modal>
  );
}

/** A reason the box protocol names (each has its words in devices.rejectReason). */
function isRejectReason(reason: string): reason is WriteRejectReason {
  return (WRITE_REJECT_REASONS as readonly string[]).includes(reason);
}
