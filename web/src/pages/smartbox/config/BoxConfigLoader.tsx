import { api, type BoxConfig } from '@dms/contract';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { endpointQuery } from '@/api/call';
import { PageLoader } from '@/components/PageLoader';
import { useI18n } from '@/i18n';
import { SMARTBOX_UPLOAD_PATH } from '../paths';

/** The reads a saved configuration changes: the configuration and the box types list. */
export const BOX_CONFIG_READS = [api.smartbox.boxConfig, api.smartbox.boxTypes];

/**
 * A page of one box type's configuration (its upload, its protocol document): "not found" with the way back for a bad
 * or unknown id or version (or when `valid` says the rest of the address is bad), a skeleton while it loads, then the
 * page with the configuration (the version in use, or `version`).
 */
export function BoxConfigLoader({
  title,
  id,
  version,
  valid = true,
  children,
}: {
  title: string;
  id: number;
  version?: number | undefined;
  valid?: boolean;
  children: (config: BoxConfig) => ReactNode;
}) {
  const { t } = useI18n();
  const ok = valid && Number.isInteger(id) && id > 0 && (version === undefined || (Number.isInteger(version) && version > 0));
  const view = useQuery({
    ...endpointQuery(api.smartbox.boxConfig, { params: { id: ok ? id : 1 }, query: version === undefined ? {} : { version } }),
    enabled: ok,
  });
  return (
    <PageLoader
      title={title}
      valid={ok}
      read={view}
      notFound={t('boxTypes.protocol.notFound')}
      back={{ to: SMARTBOX_UPLOAD_PATH, label: t('boxTypes.protocol.back') }}
    >
      {children}
    </PageLoader>
  );
}
