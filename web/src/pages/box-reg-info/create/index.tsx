import { Card } from 'antd';
import { api, type UserOption } from '@dms/contract';
import { useState } from 'react';
import { useInvalidate } from '@/api/invalidate';
import { useI18n } from '@/i18n';
import { useCloseTab } from '@/layout/tags-view/useCloseTab';
import { BOX_REG_LIST_PATH } from '../paths';
import { CredentialsResult } from './CredentialsResult';
import { RegistrationForm, type Registered } from './RegistrationForm';
import { INITIAL_VALUES, type RegistrationValues } from './rules';
import '../box-reg.css';

/**
 * /box-reg-info/create: register a range of box ids to a user, then see each box's credentials once.
 * The page is not kept alive (meta.noCache): leaving it drops the credentials, as intended.
 */
export default function BoxRegCreatePage() {
  const { t } = useI18n();
  const invalidate = useInvalidate();
  const closeAndGo = useCloseTab();
  const [registered, setRegistered] = useState<Registered | null>(null);
  // What the next form starts with: after a registration, the same user and settings with a new range.
  const [start, setStart] = useState<{ values: RegistrationValues; user: UserOption | undefined; key: number }>({
    values: INITIAL_VALUES,
    user: undefined,
    key: 0,
  });
  // Done with (or given up), the page's tab closes and the list is shown; unsaved credentials still ask first.
  const backToList = () => {
    closeAndGo(BOX_REG_LIST_PATH);
  };

  return (
    <Card title={t('boxRegInfo.route.create')} className="dms-box-reg-create">
      {registered ? (
        <CredentialsResult
          registered={registered}
          onBack={backToList}
          onMore={() => {
            setStart((s) => ({
              values: { ...registered.values, startBoxId: '', endBoxId: '' },
              user: registered.user,
              key: s.key + 1,
            }));
            setRegistered(null);
          }}
        />
      ) : (
        <RegistrationForm
          key={start.key}
          initialValues={start.values}
          initialUser={start.user}
          onCancel={backToList}
          onRegistered={(r) => {
            // The (kept-alive) list shows the new boxes when it is back.
            void invalidate([api.boxRegInfo.list]);
            setRegistered(r);
          }}
        />
      )}
    </Card>
  );
}
