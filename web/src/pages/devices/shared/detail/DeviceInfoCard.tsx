import { EditOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Col, Descriptions, Form, Input, InputNumber, Modal, Row, Typography } from 'antd';
import { api, Code, type DeviceDetail, validationIssue } from '@dms/contract';
import { useState } from 'react';
import { z } from 'zod';
import { isApiError } from '@/api/client';
import { call } from '@/api/call';
import { useI18n } from '@/i18n';
import { formatTime } from '@/lib/format-time';
import { joinAddress } from '@/lib/address';
import { DateInput } from './DateInput';
import { infoChanges, infoFieldProblem, infoValues, INFO_FIELDS, type InfoField, type InfoValues } from './info-rules';

const NONE = <Typography.Text type="secondary">—</Typography.Text>;
const issuesOf = z.object({ issues: z.array(validationIssue) });
const isInfoField = (path: string): path is InfoField => (INFO_FIELDS as readonly string[]).includes(path);

const MAX_LENGTH: Partial<Record<InfoField, number>> = {
  company: 128,
  stationNo: 64,
  model: 64,
  remark: 255,
  iotModule: 64,
  iotModel: 64,
  iotCard: 32,
  province: 64,
  city: 64,
  area: 64,
  street: 128,
  contact: 64,
  phone: 32,
};

/**
 * The device's information (spec 3 fields) and, for those allowed (`canEdit`: owner, root, admin), a form to change
 * it: each field checked with the contract's schema and its translated messages; the server's refusal shown above
 * the buttons and on its fields.
 */
export function DeviceInfoCard({ device, onSaved }: { device: DeviceDetail; onSaved: (device: DeviceDetail) => void }) {
  const { t, lang } = useI18n();
  const { message } = App.useApp();
  const [editing, setEditing] = useState(false);
  const [saving, setSaving] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [form] = Form.useForm<InfoValues>();

  const label = (field: InfoField) => t(`devices.field.${field}`);
  const open = () => {
    setServerError(null);
    form.setFieldsValue(infoValues(device));
    setEditing(true);
  };

  const save = async () => {
    let values: InfoValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    const body = infoChanges(infoValues(device), values);
    if (Object.keys(body).length === 0) {
      setEditing(false);
      return;
    }
    setSaving(true);
    setServerError(null);
    try {
      const saved = await call(
        api.devices.update,
        { params: { boxId: device.boxId, controller: device.controller }, body },
        { errorDisplay: 'none' },
      );
      onSaved(saved);
      setEditing(false);
      void message.success(t('devices.detail.saved'));
    } catch (error) {
      if (!isApiError(error) || error.kind === 'loggedOut' || error.kind === 'aborted') return;
      if (error.code === Code.VALIDATION_FAILED) {
        const parsed = issuesOf.safeParse(error.data);
        const fields = (parsed.success ? parsed.data.issues : []).filter((i) => isInfoField(i.path));
        form.setFields(fields.map((i) => ({ name: i.path as InfoField, errors: [i.message] })));
      }
      setServerError(error.message || t('common.state.hasError'));
    } finally {
      setSaving(false);
    }
  };

  const item = (field: InfoField) => ({
    name: field,
    label: label(field),
    rules: [
      {
        validator: (_: unknown, value: string | number | null | undefined) => {
          const problem = infoFieldProblem(field, value, lang, label(field));
          return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
        },
      },
    ],
  });
  const textInput = (field: InfoField) => (
    <Form.Item {...item(field)}>
      <Input maxLength={MAX_LENGTH[field]} data-testid={`device-info-${field}`} />
    </Form.Item>
  );

  const text = (v: string | null) => (v ? v : NONE);
  const location = joinAddress([device.province, device.city, device.area, device.street]);
  const coords = device.lng !== null && device.lat !== null ? `${device.lng.toFixed(5)}, ${device.lat.toFixed(5)}` : '';

  return (
    <Card
      size="small"
      title={t('devices.detail.info')}
      data-testid="device-info"
      extra={
        device.canEdit ? (
          <Button size="small" icon={<EditOutlined />} onClick={open} data-testid="device-info-edit">
            {t('devices.detail.edit')}
          </Button>
        ) : null
      }
    >
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 1, md: 2, lg: 2, xl: 2, xxl: 3 }}
        items={[
          {
            key: 'company',
            label: label('company'),
            children: <span data-testid="device-info-value-company">{text(device.company)}</span>,
          },
          { key: 'stationNo', label: label('stationNo'), children: text(device.stationNo) },
          { key: 'model', label: label('model'), children: text(device.model) },
          { key: 'type', label: t('devices.field.type'), children: text(device.typeName ?? device.typeCode) },
          { key: 'owner', label: t('devices.field.owner'), children: text(device.owner) },
          {
            key: 'box',
            label: t('devices.field.boxId'),
            children: `${device.boxId} · ${t('devices.list.controllerNo', { controller: device.controller })}`,
          },
          { key: 'iotModule', label: label('iotModule'), children: text(device.iotModule) },
          { key: 'iotModel', label: label('iotModel'), children: text(device.iotModel) },
          { key: 'iotCard', label: label('iotCard'), children: text(device.iotCard) },
          { key: 'installDate', label: label('installDate'), children: text(device.installDate) },
          { key: 'expiryDate', label: label('expiryDate'), children: text(device.expiryDate) },
          {
            key: 'location',
            label: t('devices.field.location'),
            children: <span data-testid="device-info-value-location">{text(location)}</span>,
          },
          { key: 'coords', label: `${label('lng')}, ${label('lat')}`, children: text(coords) },
          {
            key: 'contact',
            label: label('contact'),
            children: <span data-testid="device-info-value-contact">{text(device.contact)}</span>,
          },
          { key: 'phone', label: label('phone'), children: <span data-testid="device-info-value-phone">{text(device.phone)}</span> },
          {
            key: 'lastSeen',
            label: t('devices.field.lastSeen'),
            children: device.lastSeen === null ? NONE : formatTime(device.lastSeen, lang),
          },
          {
            key: 'remark',
            label: label('remark'),
            span: 'filled',
            children: <span data-testid="device-info-value-remark">{text(device.remark)}</span>,
          },
        ]}
      />
      <Modal
        open={editing}
        title={t('devices.detail.editTitle')}
        onCancel={() => {
          setEditing(false);
        }}
        width={720}
        destroyOnHidden
        footer={[
          <Button
            key="cancel"
            onClick={() => {
              setEditing(false);
            }}
            data-testid="device-info-cancel"
          >
            {t('devices.detail.cancel')}
          </Button>,
          <Button key="save" type="primary" loading={saving} onClick={() => void save()} data-testid="device-info-save">
            {t('devices.detail.save')}
          </Button>,
        ]}
      >
        <Form form={form} layout="vertical" requiredMark={false} data-testid="device-info-form">
          <Row gutter={12}>
            <Col xs={24} md={12}>
              {textInput('company')}
            </Col>
            <Col xs={24} md={12}>
              {textInput('stationNo')}
            </Col>
            <Col xs={24} md={12}>
              {textInput('model')}
            </Col>
            <Col xs={24} md={12}>
              {textInput('iotModule')}
            </Col>
            <Col xs={24} md={12}>
              {textInput('iotModel')}
            </Col>
            <Col xs={24} md={12}>
              {textInput('iotCard')}
            </Col>
            <Col xs={24} md={12}>
              <Form.Item {...item('installDate')}>
                <DateInput data-testid="device-info-installDate" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item {...item('expiryDate')}>
                <DateInput data-testid="device-info-expiryDate" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              {textInput('province')}
            </Col>
            <Col xs={24} md={12}>
              {textInput('city')}
            </Col>
            <Col xs={24} md={12}>
              {textInput('area')}
            </Col>
            <Col xs={24} md={12}>
              {textInput('street')}
            </Col>
            <Col xs={24} md={12}>
              <Form.Item {...item('lng')}>
                <InputNumber style={{ width: '100%' }} step={0.000001} data-testid="device-info-lng" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item {...item('lat')}>
                <InputNumber style={{ width: '100%' }} step={0.000001} data-testid="device-info-lat" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              {textInput('contact')}
            </Col>
            <Col xs={24} md={12}>
              {textInput('phone')}
            </Col>
            <Col xs={24}>
              <Form.Item {...item('remark')}>
                <Input.TextArea maxLength={255} autoSize={{ minRows: 2, maxRows: 4 }} data-testid="device-info-remark" />
              </Form.Item>
            </Col>
          </Row>
        </Form>
        {serverError && <Alert type="error" showIcon role="alert" title={serverError} data-testid="device-info-error" />}
      </Modal>
    </Card>
  );
}
