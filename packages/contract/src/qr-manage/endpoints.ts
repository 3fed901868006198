import { endpoint } from '../endpoint.js';
import { calculateBody, calculated } from './schemas.js';

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
};
