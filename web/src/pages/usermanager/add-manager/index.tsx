import { Form, Input } from 'antd';
import { api, ckProblem } from '@dms/contract';
import { call } from '@/api/call';
import { contractRule } from '@/components/forms/rules';
import { useI18n } from '@/i18n';
import { AddPersonPage, type NewPersonForm } from '../AddPersonPage';
import { MANAGER_PAGES } from '../kinds';

/** An optional CK code: empty gives them the caller's own. */
const optionalCk = (v: string) => (v.trim() === '' ? null : ckProblem(v.trim()));

/** A sub-manager's company, after the name. */
function Company() {
  const { t } = useI18n();
  return (
    <Form.Item name="company" label={t('managers.company')}>
      <Input data-testid="add-manager-company" maxLength={128} />
    </Form.Item>
  );
}

/** A sub-manager's CK code, after the phone. */
function Ck() {
  const { t, lang } = useI18n();
  return (
    <Form.Item
      name="ck"
      label={t('managers.ck')}
      rules={[contractRule(optionalCk, lang)]}
      validateTrigger="onBlur"
      extra={t('managers.ckHelp')}
    >
      <Input data-testid="add-manager-ck" maxLength={4} inputMode="numeric" autoComplete="off" />
    </Form.Item>
  );
}

const send = (values: NewPersonForm & { company: string; ck: string }) =>
  call(api.usermanager.addNextManager, { body: values }, { errorDisplay: 'none' });

/** Their first values; a new sub-manager reads again the list. */
const FORM = { initialValues: { company: '', ck: '' }, send, invalidates: [api.usermanager.getManagers] };

/** /usermanager/add-manager: a sub-manager below the signed-in user (docs/people.md); reached from edit-manager. */
export default function AddManagerPage() {
  return <AddPersonPage kind={MANAGER_PAGES} {...FORM} afterName={<Company />} afterPhone={<Ck />} />;
}
