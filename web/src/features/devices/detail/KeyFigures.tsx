import { Statistic } from 'antd';
import { useI18n } from '@/i18n';
import { formatRegisterValue, registerName, registerRaw, withheldWhy } from '@/features/devices/registers';
import { WithheldValue } from '@/features/devices/Withheld';
import { pageRegisters, type PagePartProps } from '@/features/devices/detail/page-parts';

/**
 * The header's key figures: the registers the type's page names (/device-type/type-config/page), live, in its order;
 * a value the user may not read is withheld, with why, never 0.
 */
export function KeyFigures({ device, type, values }: PagePartProps) {
  const { t, lang } = useI18n();
  const defs = pageRegisters(type, device.page.keyFigures);
  if (defs.length === 0) return null;
  return (
    <div className="dms-device-figures" data-testid="device-key-figures">
      {defs.map((def) => {
        const why = withheldWhy(device, def.number);
        return (
          <Statistic
            key={def.number}
            title={registerName(def, lang)}
            data-testid={`device-figure-${def.key}`}
            valueRender={() =>
              why ? (
                <WithheldValue why={why} />
              ) : (
                <span data-testid={`device-figure-value-${def.key}`}>
                  {formatRegisterValue(def, registerRaw(def, values), { t, lang })}
                </span>
              )
            }
            suffix={why ? undefined : def.unit || undefined}
          />
        );
      })}
    </div>
  );
}
