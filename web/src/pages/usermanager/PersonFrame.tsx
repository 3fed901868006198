import { Button, Card, Descriptions, Empty, Result, Spin } from 'antd';
import { Code, type PersonSummary } from '@dms/contract';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { endpointQuery } from '@/api/call';
import { isApiError } from '@/api/client';
import { useI18n } from '@/i18n';
import type { PersonPages } from './kinds';

/** The `?userId=` of a page of someone's devices: a positive integer, else null. */
function useUserIdParam(): number | null {
  const [params] = useSearchParams();
  const userId = Number(params.get('userId'));
  return Number.isInteger(userId) && userId > 0 ? userId : null;
}

/**
 * The frame of the page of one person's devices (a sub-manager's, a helper's), for the address's `?userId=`: names the
 * person (user name, name, company; `get_manager`, `get_helper`) above what `children` shows for them. Without a
 * `userId`, or with one that is not the caller's (someone else's or nobody's: the server refuses both alike), it shows
 * a page saying so, in the words of its kind, with the way back to the list, and the lists are never asked for. Test
 * ids: `${kind.testId}-device-…`.
 */
export function PersonFrame({ kind, children }: { kind: PersonPages; children: (person: PersonSummary) => ReactNode }) {
  const userId = useUserIdParam();
  // Sent without the error policy's toast: a refusal is shown here.
  const person = useQuery({
    ...endpointQuery(kind.person, { query: { userId: userId ?? 0 } }, { errorDisplay: 'none' }),
    enabled: userId !== null,
  });
  const { ns, listPath } = kind;
  const testId = `${kind.testId}-device`;
  const { t } = useI18n();
  const navigate = useNavigate();
  const title = t(kind.devicesTitle);
  const backLabel = t(`${ns}.back`);
  const back = (
    <Link to={listPath} data-testid={`${testId}-back`}>
      {backLabel}
    </Link>
  );
  if (userId === null)
    return (
      <Card title={title}>
        <Empty description={t(kind.noPerson)}>{back}</Empty>
      </Card>
    );
  if (person.isPending) return <Spin className="dms-person-loading" />;
  if (person.isError) {
    const error = person.error;
    const refused = isApiError(error) && error.code === Code.FORBIDDEN;
    return (
      <Card title={title}>
        <Result
          status={refused ? '403' : 'error'}
          title={refused ? t(`${ns}.notYours`) : error.message || t('common.state.hasError')}
          subTitle={refused ? t(`${ns}.notYoursHelp`) : undefined}
          data-testid={refused ? `${testId}-not-yours` : `${testId}-error`}
          extra={[
            <Button key="back" type="primary" data-testid={`${testId}-back`} onClick={() => void navigate(listPath)}>
              {backLabel}
            </Button>,
            ...(refused
              ? []
              : [
                  <Button key="retry" onClick={() => void person.refetch()}>
                    {t('common.action.refresh')}
                  </Button>,
                ]),
          ]}
        />
      </Card>
    );
  }
  const p = person.data;
  return (
    <div className="dms-person-page">
      <Card size="small" data-testid={`${testId}-person`} data-username={p.username}>
        <Descriptions
          size="small"
          column={{ xs: 1, sm: 3 }}
          title={t(`${ns}.person`)}
          extra={back}
          items={[
            { key: 'username', label: t('people.username'), children: <strong data-testid={`${testId}-username`}>{p.username}</strong> },
            { key: 'name', label: t('people.name'), children: <span data-testid={`${testId}-name`}>{p.name || '-'}</span> },
            { key: 'company', label: t('people.company'), children: <span data-testid={`${testId}-company`}>{p.company || '-'}</span> },
          ]}
        />
      </Card>
      {children(p)}
    </div>
  );
}
