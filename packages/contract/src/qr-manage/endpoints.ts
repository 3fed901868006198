import { endpoint } from '../endpoint.js';
import {
  calculateBody,
  calculated,
  myQuota,
  pwdRecordPage,
  pwdRecordQuery,
  quotaChangeBody,
  quotaChanged,
  quotaPage,
  quotaQuery,
} from './schemas.js';

const tags = ['qr-manage'] as const;

/** /qrManage (spec 2, 6; issue 24): dynamic passwords with quotas. */
export const endpoints = {
  calculate: endpoint({
    method: 'POST',
    path: '/qrManage/calculate-dynamic-pwd',
    access: 'calculateDynamicPwd',
    body: calculateBody,
    response: calculated,
    tags,
    summary:
      "Calculates the password that unlocks a locked controller for a mode, from the challenge it shows; debits one unit of the caller's quota and records it (a retry with the same requestId answers the same, debited once)",
  }),
  myQuota: endpoint({
    method: 'GET',
    path: '/qrManage/pwd-quota/mine',
    access: 'qrManage',
    response: myQuota,
    tags,
    summary: "The caller's own password quota: calculations left, or no limit (root, a CK factory)",
  }),
  quotas: endpoint({
    method: 'GET',
    path: '/qrManage/pwd-quota',
    access: 'pwdQuota',
    query: quotaQuery,
    response: quotaPage,
    tags,
    summary: 'The users directly below the caller with their password quota and how many they used',
  }),
  changeQuota: endpoint({
    method: 'POST',
    path: '/qrManage/pwd-quota',
    access: 'pwdQuota',
    body: quotaChangeBody,
    response: quotaChanged,
    tags,
    summary:
      "Raises or lowers a user's quota: units move from the caller's own quota to them, or back (an increase cannot exceed the caller's remaining quota, a decrease the user's); logged with both balances",
  }),
  records: endpoint({
    method: 'GET',
    path: '/qrManage/pwd-list',
    access: 'pwdList',
    query: pwdRecordQuery,
    response: pwdRecordPage,
    tags,
    summary:
      "The passwords calculated by the caller and the users below them (root: everyone's), newest first, with each user's count per mode over the filter; export kind pwd-records",
  }),
};
