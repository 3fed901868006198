import { Form, Input, Select } from 'antd';
import { api, HELPER_TYPES, type HelperType } from '@dms/contract';
import { call } from '@/api/call';
import { useI18n } from '@/i18n';
import { AddPersonPage, type NewPersonForm } from '../AddPersonPage';
import { HELPER_PAGES } from '../kinds';
import { helperTypeLabel } from '../labels';

type HelperForm = NewPersonForm & { helperType: HelperType; region: string };

/** A helper's type and region, after the phone. */
function TypeAndRegion() {
  const { t } = useI18n();
  return (
    <>
      <Form.Item name="helperType" label={t('helpers.type')}>
        <Select data-testid="add-helper-type" options={HELPER_TYPES.map((v) => ({ value: v, label: helperTypeLabel(t, v) }))} />
      </Form.Item>
      <Form.Item name="region" label={t('helpers.region')}>
        <Input data-testid="add-helper-region" maxLength={64} />
      </Form.Item>
    </>
  );
}

const send = (values: HelperForm) => call(api.usermanager.addHelper, { body: values }, { errorDisplay: 'none' });

/** Their first values; a new helper reads again the list, and the regions it offers. */
const FORM = {
  initialValues: { helperType: 'operator' as const, region: '' },
  send,
  invalidates: [api.usermanager.getHelpers, api.usermanager.getHelperTypes],
};

/** /usermanager/add-helper: a helper below the signed-in manager (docs/people.md); reached from edit-helper. */
export default function AddHelperPage() {
  return <AddPersonPage kind={HELPER_PAGES} {...FORM} afterPhone={<TypeAndRegion />} />;
}
