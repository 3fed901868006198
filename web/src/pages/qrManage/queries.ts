import { api } from '@dms/contract';
import { endpointQuery } from '@/api/call';

/** The reads both /qrManage pages share. */
export const qrQueries = {
  /** The caller's own quota: shown above the calculation and the quota list. */
  myQuota: () => endpointQuery(api.qrManage.myQuota),
};

/** What a calculation changes: the caller's quota (and the quota list, where a parent sees what was used). */
export const CALCULATE_CHANGES = [api.qrManage.myQuota, api.qrManage.quotas];
/** What a quota change changes: both balances, the list's and the caller's own. */
export const QUOTA_CHANGES = [api.qrManage.quotas, api.qrManage.myQuota];
