import { PoweroffOutlined } from '@ant-design/icons';
import { Button, Card, Space, Typography } from 'antd';
import type { RegisterDef } from '@dms/contract';
import { useState } from 'react';
import { useI18n } from '@/i18n';
import { formatRegisterValue, registerName, registerRaw, withheldWhy } from '@/features/devices/registers';
import { WithheldValue } from '@/features/devices/Withheld';
import { pageRegisters, type PagePartProps } from '@/features/devices/detail/page-parts';
import { mayWrite } from '@/features/devices/detail/RegisterTable';
import { WriteDialog } from '@/features/devices/detail/WriteDialog';

/**
 * The on/off buttons the type's page names (/device-type/type-config/page): each register's name and state, and a
 * button that opens the write of that register (the same dialog, rights and acknowledgement as the register table's);
 * shown to those who may write it, the others see the state alone.
 */
export function Controls({ device, type, values }: PagePartProps) {
  const { t, lang } = useI18n();
  const [writing, setWriting] = useState<RegisterDef | null>(null);
  const defs = pageRegisters(type, device.page.switches);
  if (defs.length === 0) return null;
  return (
    <Card size="small" title={t('devices.detail.controls')} data-testid="device-controls">
      <Space wrap size="large">
        {defs.map((def) => {
          const why = withheldWhy(device, def.number);
          return (
            <Space key={def.number} data-testid={`device-control-${def.key}`}>
              <Typography.Text strong>{registerName(def, lang)}</Typography.Text>
              {why ? (
                <WithheldValue why={why} />
              ) : (
                <Typography.Text>{formatRegisterValue(def, registerRaw(def, values), { t, lang })}</Typography.Text>
              )}
              {mayWrite(device, def) && (
                <Button
                  size="small"
                  icon={<PoweroffOutlined />}
                  data-testid={`device-control-write-${def.key}`}
                  onClick={() => {
                    setWriting(def);
                  }}
                >
                  {t('devices.detail.operate')}
                </Button>
              )}
            </Space>
          );
        })}
      </Space>
      {writing && (
        <WriteDialog
          device={device}
          def={writing}
          raw={registerRaw(writing, values)}
          onClose={() => {
            setWriting(null);
          }}
          onWritten={() => undefined}
        />
      )}
    </Card>
  );
}
