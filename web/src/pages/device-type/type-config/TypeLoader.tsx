import { api, type TypeEditView } from '@dms/contract';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { endpointQuery } from '@/api/call';
import { PageLoader } from '@/components/PageLoader';
import { useI18n } from '@/i18n';
import { TYPE_CONFIG_PATH } from '@/pages/device-type/paths';

/** The reads a saved map changes: the type's editor, versions, detail and the lists. */
export const TYPE_MAP_READS = [
  api.controllerTypes.edit,
  api.controllerTypes.versions,
  api.controllerTypes.page,
  api.controllerTypes.list,
  api.controllerTypes.get,
];

/**
 * A page of one controller type (its editor, its upload): "not found" with the way back for a bad or unknown id (or
 * when `valid` says the rest of the address is bad), a skeleton while it loads, then the page with the type as the
 * editor opens it.
 */
export function TypeLoader({
  title,
  id,
  valid = true,
  children,
}: {
  title: string;
  id: number;
  valid?: boolean;
  children: (type: TypeEditView) => ReactNode;
}) {
  const { t } = useI18n();
  const ok = valid && Number.isInteger(id) && id > 0;
  const view = useQuery({ ...endpointQuery(api.controllerTypes.edit, { params: { id: ok ? id : 1 } }), enabled: ok });
  return (
    <PageLoader
      title={title}
      valid={ok}
      read={view}
      notFound={t('typeEdit.notFound')}
      back={{ to: TYPE_CONFIG_PATH, label: t('typeEdit.back') }}
    >
      {children}
    </PageLoader>
  );
}
