import { Card, Skeleton } from 'antd';
import { api } from '@dms/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { endpointQuery } from '@/api/call';
import { useI18n } from '@/i18n';
import { editIdOf, EditLoadError } from '@/components/forms/EditTarget';
import { EVENTS_LIST_PATH } from '../paths';
import { draftOf, newDraft } from './draft';
import { RuleForm } from './RuleForm';

/**
 * /events/events-add (root; issue 21): a new rule, or (`?id=N`) a rule's latest version opened to be saved as its
 * next (GET /events/rules/:id). Not kept alive: leaving drops what was typed; the form starts afresh for another id.
 */
export default function EventsAddPage() {
  const { t } = useI18n();
  const [params] = useSearchParams();
  const id = editIdOf(params.get('id'));
  return (
    <Card title={id === null ? t('events.form.titleNew') : t('events.form.titleEdit', { id })} data-testid="rule-page">
      {id === null ? <NewRule /> : <EditRule key={id} id={id} />}
    </Card>
  );
}

function NewRule() {
  const [initial] = useState(newDraft);
  return <RuleForm ruleId={null} version={null} initial={initial} />;
}

function EditRule({ id }: { id: number }) {
  const { t } = useI18n();
  // The form starts from the rule as it was read once; a later read does not overwrite what is being typed.
  const rule = useQuery({
    ...endpointQuery(api.events.rule, { params: { id } }, { errorDisplay: 'none' }),
    staleTime: Number.POSITIVE_INFINITY,
  });
  if (rule.isPending) return <Skeleton active />;
  if (rule.isError)
    return (
      <EditLoadError message={rule.error.message} testId="rule-load-error" listPath={EVENTS_LIST_PATH} back={t('events.form.backToList')} />
    );
  return <RuleForm key={rule.data.version} ruleId={id} version={rule.data.version} initial={draftOf(rule.data)} />;
}
