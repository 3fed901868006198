import { Col, Row, Space } from 'antd';
import type { Calculated } from '@dms/contract';
import { useState } from 'react';
import { MyQuota } from '../MyQuota';
import { CalculateForm } from './CalculateForm';
import { PasswordResult } from './PasswordResult';
import '../qr-manage.css';

/**
 * /qrManage/calculate-dynamic-pwd (root, limited_admin, manufacturer; issue 24): the password that unlocks a locked
 * controller, from the challenge it shows, for a mode. The caller's quota above (one unit a password; root and the CK
 * factories have no limit); the password is shown once, beside the form on a wide screen and below it on a narrow one,
 * until the form changes. docs/dynamic-password.md.
 */
export default function CalculateDynamicPwdPage() {
  const [result, setResult] = useState<Calculated | null>(null);
  return (
    <Row gutter={[16, 16]} data-testid="qr-calculate-page">
      <Col xs={24} xl={12}>
        <Space orientation="vertical" size="middle" style={{ display: 'flex' }}>
          <MyQuota />
          <CalculateForm onResult={setResult} />
        </Space>
      </Col>
      <Col xs={24} xl={12}>
        {result && <PasswordResult result={result} />}
      </Col>
    </Row>
  );
}
