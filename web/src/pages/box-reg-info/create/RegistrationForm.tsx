import { Alert, Button, Col, Form, Input, InputNumber, Row, Space, Typography } from 'antd';
import type { Rule } from 'antd/es/form';
import {
  api,
  type BoxRegistrationResult,
  Code,
  MAX_BOXES_PER_REGISTRATION,
  PUSH_TIMES_MAX,
  type UserOption,
  validationIssue,
} from '@dms/contract';
import { useState } from 'react';
import { z } from 'zod';
import { call } from '@/api/call';
import { isApiError } from '@/api/client';
import { useI18n, type TKey } from '@/i18n';
import { BoxTypeInput } from './BoxTypeInput';
import { UserSelect } from './UserSelect';
import {
  PUSH_FIELDS,
  rangeCount,
  registrationBody,
  registrationFieldProblem,
  type RegistrationField,
  type RegistrationRequest,
  type RegistrationValues,
} from './rules';

export interface Registered {
  body: RegistrationRequest;
  result: BoxRegistrationResult;
  /** The user the boxes were registered to. */
  user: UserOption | undefined;
  values: RegistrationValues;
}

const LABEL: Record<RegistrationField, TKey> = {
  startBoxId: 'boxRegInfo.form.startBoxId',
  endBoxId: 'boxRegInfo.form.endBoxId',
  userId: 'boxRegInfo.form.user',
  boxType: 'boxRegInfo.form.boxType',
  contact: 'boxRegInfo.form.contact',
  companyName: 'boxRegInfo.form.companyName',
  ck: 'boxRegInfo.form.ck',
  pushWarning: 'boxRegInfo.form.pushWarning',
  pushFault: 'boxRegInfo.form.pushFault',
  pushNormal: 'boxRegInfo.form.pushNormal',
};

const PUSH_TEST_ID: Record<(typeof PUSH_FIELDS)[number], string> = {
  pushWarning: 'box-reg-form-push-warning',
  pushFault: 'box-reg-form-push-fault',
  pushNormal: 'box-reg-form-push-normal',
};

const issuesOf = z.object({ issues: z.array(validationIssue) });

function isField(path: string): path is RegistrationField {
  return path in LABEL;
}

/**
 * The registration form: a range of box ids, the user it goes to, box type, contact, company and push times.
 * Checked field by field with the contract's schema and messages before it is sent; a refusal of the server
 * (e.g. 40901: ids already registered, listed in its message) is shown above the buttons.
 */
export function RegistrationForm({
  initialValues,
  initialUser,
  onRegistered,
  onCancel,
}: {
  initialValues: RegistrationValues;
  initialUser: UserOption | undefined;
  onRegistered: (registered: Registered) => void;
  onCancel: () => void;
}) {
  const { t, lang } = useI18n();
  const [form] = Form.useForm<RegistrationValues>();
  const [serverError, setServerError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [user, setUser] = useState(initialUser);

  const rules = (field: RegistrationField): Rule[] => [
    {
      validator: (_rule, value: unknown) => {
        const values: RegistrationValues = { ...form.getFieldsValue(), [field]: value };
        const problem = registrationFieldProblem(field, values, lang, t(LABEL[field]));
        return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
      },
    },
  ];

  async function submit(values: RegistrationValues): Promise<void> {
    setServerError(null);
    setSubmitting(true);
    try {
      const body = registrationBody(values);
      const result = await call(api.boxRegInfo.register, { body }, { errorDisplay: 'none' });
      onRegistered({ body, result, user, values });
    } catch (error) {
      // A logged-out answer opens the logged-out confirm instead (auth module); nothing to add here.
      if (!isApiError(error) || error.kind === 'loggedOut' || error.kind === 'aborted') return;
      if (error.code === Code.VALIDATION_FAILED) {
        const parsed = issuesOf.safeParse(error.data);
        const fields = (parsed.success ? parsed.data.issues : []).filter((i) => isField(i.path));
        form.setFields(fields.map((i) => ({ name: i.path as RegistrationField, errors: [i.message] })));
        // One message per problem: what is said under its field is not said again above the buttons.
        if (fields.length > 0) return;
      }
      setServerError(error.message || t('common.state.hasError'));
    } finally {
      setSubmitting(false);
    }
  }

  const item = (field: RegistrationField, required = false) => ({
    name: field,
    label: t(LABEL[field]),
    rules: rules(field),
    validateTrigger: 'onBlur',
    ...(required ? { required: true } : {}),
  });

  return (
    <Form<RegistrationValues>
      form={form}
      name="box-registration"
      layout="vertical"
      initialValues={initialValues}
      onFinish={(values) => void submit(values)}
      onValuesChange={() => {
        if (serverError) setServerError(null);
      }}
      className="dms-box-reg-form"
    >
      <Typography.Title level={5} className="dms-box-reg-form-section">
        {t('boxRegInfo.form.range')}
      </Typography.Title>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item {...item('startBoxId', true)}>
            <Input data-testid="box-reg-form-start" inputMode="numeric" autoComplete="off" maxLength={10} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item {...item('endBoxId', true)} dependencies={['startBoxId']}>
            <Input data-testid="box-reg-form-end" inputMode="numeric" autoComplete="off" maxLength={10} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item<RegistrationValues> noStyle shouldUpdate={(a, b) => a.startBoxId !== b.startBoxId || a.endBoxId !== b.endBoxId}>
        {() => {
          const count = rangeCount(form.getFieldsValue(['startBoxId', 'endBoxId']) as Pick<RegistrationValues, 'startBoxId' | 'endBoxId'>);
          return (
            <Typography.Paragraph type="secondary" className="dms-box-reg-count" data-testid="box-reg-form-count">
              {count === null ? '\u00a0' : t('boxRegInfo.form.count', { count, max: MAX_BOXES_PER_REGISTRATION })}
            </Typography.Paragraph>
          );
        }}
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item {...item('userId', true)}>
            <UserSelect
              data-testid="box-reg-form-user"
              placeholder={t('boxRegInfo.form.userPlaceholder')}
              {...(initialUser ? { initialUser } : {})}
              onUser={setUser}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item {...item('boxType', true)}>
            <BoxTypeInput data-testid="box-reg-form-type" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item {...item('contact')}>
            <Input data-testid="box-reg-form-contact" maxLength={64} autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item {...item('companyName')}>
            <Input data-testid="box-reg-form-company" maxLength={128} autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item {...item('ck')} extra={t('boxRegInfo.form.ckHelp')}>
            <Input data-testid="box-reg-form-ck" maxLength={4} inputMode="numeric" autoComplete="off" />
          </Form.Item>
        </Col>
      </Row>
      <Typography.Title level={5} className="dms-box-reg-form-section">
        {t('boxRegInfo.form.push')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('boxRegInfo.form.pushHelp', { max: PUSH_TIMES_MAX })}</Typography.Paragraph>
      <Row gutter={16}>
        {PUSH_FIELDS.map((field) => (
          <Col key={field} xs={24} sm={8}>
            <Form.Item {...item(field, true)}>
              {/* No min/max/precision: InputNumber would silently change 11 into 10; the rule refuses it with its message. */}
              <InputNumber<number> data-testid={PUSH_TEST_ID[field]} className="dms-box-reg-push" />
            </Form.Item>
          </Col>
        ))}
      </Row>
      {serverError && (
        <Alert type="error" title={serverError} showIcon role="alert" data-testid="box-reg-error" className="dms-form-alert" />
      )}
      <Space wrap>
        <Button type="primary" htmlType="submit" loading={submitting} data-testid="box-reg-submit">
          {t('boxRegInfo.action.submit')}
        </Button>
        <Button onClick={onCancel} data-testid="box-reg-cancel">
          {t('boxRegInfo.action.backToList')}
        </Button>
      </Space>
    </Form>
  );
}
