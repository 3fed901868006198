import { Select, Space } from 'antd';
import { CONTROLLER_KINDS, TYPE_SORTS, type ControllerKind, type TypeFilter, type TypeListQuery, type TypeSort } from '@dms/contract';
import type { ListControl } from '@/components/list-page/list-control';
import { oneOfParam, textParam, type ListParams, type ListSpec } from '@/components/list-page/list-params';
import { QuerySearch } from '@/components/list-page/QuerySearch';
import { useI18n } from '@/i18n';

/** The controller type lists' filter (/device-type/type-config and /device-type/chart): a search and a kind. */
export interface TypeListFilter {
  q: string | undefined;
  kind: ControllerKind | undefined;
}

/** The URL keeps the search, the kind and the sort (`?q=screw&kind=compressor&sort=devices&order=desc`) with the page. */
export const TYPE_LIST: ListSpec<TypeListFilter, TypeSort> = {
  filter: { q: textParam(64), kind: oneOfParam(CONTROLLER_KINDS) },
  sort: { keys: TYPE_SORTS, default: 'code' },
};

export const typeFilter = ({ q, kind }: TypeListFilter): TypeFilter => ({ ...(q ? { q } : {}), ...(kind ? { kind } : {}) });

export function typeListQuery({ filter, sort, order, page, pageSize }: ListParams<TypeListFilter, TypeSort>): TypeListQuery {
  return { ...typeFilter(filter), sort: sort ?? 'code', order, page, page_size: pageSize };
}

/** The search by code or name and the kind above a type list; `testId` names them (`{testId}-search`, `-kind`). */
export function TypeListToolbar({ list, testId }: { list: ListControl<TypeListFilter, TypeSort>; testId: string }) {
  const { t } = useI18n();
  const { filter } = list.params;
  return (
    <Space wrap className="dms-toolbar">
      <QuerySearch list={list} label={t('typeConfig.search')} testId={`${testId}-search`} />
      <Select<ControllerKind | ''>
        data-testid={`${testId}-kind`}
        aria-label={t('typeConfig.kind')}
        style={{ width: 180 }}
        value={filter.kind ?? ''}
        options={[
          { value: '', label: t('typeConfig.allKinds') },
          ...CONTROLLER_KINDS.map((k) => ({ value: k, label: t(`devices.kind.${k}`) })),
        ]}
        onChange={(value) => {
          list.setFilter({ kind: value === '' ? undefined : value });
        }}
      />
    </Space>
  );
}
