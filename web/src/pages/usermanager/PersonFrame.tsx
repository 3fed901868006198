import { Button, Card, Descriptions, Empty, Result, Spin } from 'antd';
import { Code, type PersonSummary } from '@dms/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../api/client';
import { useI18n } from '../../i18n';

/** The `?userId=` of a page of someone's devices: a positive integer, else null. */
export function useUserIdParam(): number | null {
  const [params] = useSearchParams();
  const userId = Number(params.get('userId'));
  return Number.isInteger(userId) && userId > 0 ? userId : null;
}

/** What the frame says, in the words of its kind of person (sub-manager, helper). */
export interface PersonFrameText {
  /** The page's title. */
  title: string;
  /** No `userId` in the address. */
  choose: string;
  /** Someone else's, or nobody's. */
  notYours: string;
  notYoursHelp: string;
  /** The way back to the list. */
  back: string;
  /** Names the person's role above their user name, e.g. "Sub-manager". */
  role: string;
}

/**
 * The frame of the page of one person's devices (a sub-manager's, a helper's): names the person (user name, name,
 * company) above what `children` shows for them. Without a `userId`, or with one that is not the caller's (someone
 * else's or nobody's: the server refuses both alike), it shows a page saying so with the way back to the list, and the
 * lists are never asked for.
 */
export function PersonFrame({
  userId,
  person,
  listPath,
  text,
  testId,
  children,
}: {
  userId: number | null;
  /** The person's query (`get_manager`, `get_helper`), sent with `errorDisplay: 'none'`: a refusal is shown here. */
  person: UseQueryResult<PersonSummary>;
  listPath: string;
  text: PersonFrameText;
  testId: string;
  children: (person: PersonSummary) => ReactNode;
}) {
  const { t } = useI18n();
  const navigate = useNavigate();
  const back = (
    <Link to={listPath} data-testid={`${testId}-back`}>
      {text.back}
    </Link>
  );
  if (userId === null)
    return (
      <Card title={text.title}>
        <Empty description={text.choose}>{back}</Empty>
      </Card>
    );
  if (person.isPending) return <Spin className="dms-person-loading" />;
  if (person.isError) {
    const error = person.error;
    const refused = isApiError(error) && error.code === Code.FORBIDDEN;
    return (
      <Card title={text.title}>
        <Result
          status={refused ? '403' : 'error'}
          title={refused ? text.notYours : error.message || t('common.state.hasError')}
          subTitle={refused ? text.notYoursHelp : undefined}
          data-testid={refused ? `${testId}-not-yours` : `${testId}-error`}
          extra={[
            <Button key="back" type="primary" data-testid={`${testId}-back`} onClick={() => void navigate(listPath)}>
              {text.back}
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
          title={text.role}
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
