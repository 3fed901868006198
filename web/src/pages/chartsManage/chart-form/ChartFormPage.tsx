import { Card, Skeleton } from 'antd';
import { api, type ChartDefinitionKind } from '@dms/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { endpointQuery } from '@/api/call';
import { useI18n } from '@/i18n';
import { editIdOf, EditLoadError } from '@/components/forms/EditTarget';
import { CHART_LIST_PATH } from '../paths';
import { ChartForm } from './ChartForm';
import { draftOf, newDraft } from './draft';

/**
 * /chartsManage/add-gauge-chart, add-stacked-chart, add-stop-status (root; issue 21): a new chart of the kind, or
 * (`?id=N`) one edited. Not kept alive: leaving drops what was typed.
 */
export function ChartFormPage({ kind }: { kind: ChartDefinitionKind }) {
  const { t } = useI18n();
  const [params] = useSearchParams();
  const id = editIdOf(params.get('id'));
  return (
    <Card title={id === null ? t('chartsManage.form.titleNew') : t('chartsManage.form.titleEdit', { id })} data-testid="chart-page">
      {id === null ? <NewChart kind={kind} /> : <EditChart key={id} id={id} kind={kind} />}
    </Card>
  );
}

function NewChart({ kind }: { kind: ChartDefinitionKind }) {
  const [initial] = useState(() => newDraft(kind));
  return <ChartForm chart={null} initial={initial} />;
}

function EditChart({ id, kind }: { id: number; kind: ChartDefinitionKind }) {
  const { t } = useI18n();
  // The form starts from the chart as it was read once; a later read does not overwrite what is being typed.
  const chart = useQuery({
    ...endpointQuery(api.charts.get, { params: { id } }, { errorDisplay: 'none' }),
    staleTime: Number.POSITIVE_INFINITY,
  });
  if (chart.isPending) return <Skeleton active />;
  if (chart.isError)
    return (
      <EditLoadError
        message={chart.error.message}
        testId="chart-load-error"
        listPath={CHART_LIST_PATH[kind]}
        back={t('chartsManage.form.backToList')}
      />
    );
  return <ChartForm key={chart.data.updatedAt} chart={chart.data} initial={draftOf(chart.data)} />;
}
