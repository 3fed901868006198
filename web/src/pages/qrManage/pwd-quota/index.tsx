import { Space } from 'antd';
import { MyQuota } from '../MyQuota';
import { QuotaList } from './QuotaList';

/**
 * /qrManage/pwd-quota (root and the distributor-type roles; spec 5, 6; issue 24): the caller's own quota on top, and
 * the quotas of the users directly below, given from it and taken back into it. docs/dynamic-password.md.
 */
export default function PwdQuotaPage() {
  return (
    <Space orientation="vertical" size="middle" style={{ display: 'flex' }} data-testid="qr-pwd-quota-page">
      <MyQuota />
      <QuotaList />
    </Space>
  );
}
