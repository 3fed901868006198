import type { TabsProps } from 'antd';
import { useCallback } from 'react';
import { useListState } from '@/components/list-page/useListState';
import { useI18n } from '@/i18n';
import { BoxCkHistory, type HistoryFilter } from './BoxCkHistory';
import { BoxCks } from './BoxCks';

export type BoxCkTab = 'boxes' | 'history';
export const BOX_CK_TABS: readonly BoxCkTab[] = ['boxes', 'history'];

/**
 * The box-CK table and the history of boxes' CK changes, as two tabs (one table behind /device-type/CK-config and
 * /smartbox/box-ck): a box's "History" turns to the second tab (`turnTo`), filtered to that box.
 */
export function useBoxCkTabs(turnTo: (tab: BoxCkTab) => void): NonNullable<TabsProps['items']> {
  const { t } = useI18n();
  const history = useListState<HistoryFilter>({ boxId: undefined });
  const { setFilter } = history;
  const showHistory = useCallback(
    (boxId: number) => {
      setFilter({ boxId });
      turnTo('history');
    },
    [setFilter, turnTo],
  );
  return [
    {
      key: 'boxes',
      label: <span data-testid="ck-tab-boxes">{t('boxCk.tabs.boxes')}</span>,
      children: <BoxCks onHistory={showHistory} />,
    },
    {
      key: 'history',
      label: <span data-testid="ck-tab-history">{t('boxCk.tabs.history')}</span>,
      children: <BoxCkHistory list={history} />,
    },
  ];
}
