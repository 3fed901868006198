import { Form } from 'antd';
import { BoxRange } from '../BoxRange';
import { ScriptFlow } from '../ScriptFlow';

interface Values {
  startBoxId: number;
  endBoxId: number;
}

/**
 * /scripts/reset-device (root; issue 24): the devices of a box range back to stock: each box's owner and links shown,
 * then the box given back to who registered it with its links ended; undone by giving them back. docs/scripts.md.
 */
export default function ResetDevicePage() {
  const [form] = Form.useForm<Values>();
  return (
    <ScriptFlow<Values>
      script="reset-device"
      form={form}
      toInput={(v) => ({ script: 'reset-device', startBoxId: v.startBoxId, endBoxId: v.endBoxId })}
    >
      <BoxRange required />
    </ScriptFlow>
  );
}
