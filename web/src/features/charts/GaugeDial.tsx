import { Tag } from 'antd';
import type { ControllerTypeDetail, GaugeDefinition } from '@dms/contract';
import { GaugeChart } from 'echarts/charts';
import { useMemo } from 'react';
import { EChart, registerECharts } from '@/components/EChart';
import { useI18n } from '@/i18n';
import { NO_VALUE, registerName, registerRaw, scaleRaw } from '@/features/devices/registers';
import { gaugeChartOption, LEVEL_COLOR, levelOf } from './gauge-option';

registerECharts([GaugeChart]);

export interface GaugeDialProps {
  definition: GaugeDefinition;
  type: ControllerTypeDetail | null;
  /** The device's latest raw values by register number (live). */
  values: Readonly<Record<string, number>>;
  /** No values are shown (the viewer may not read them). */
  withheld: boolean;
  testId: string;
}

/**
 * A gauge chart on a device: its register's value (engineering units) on a dial coloured by the chart's bands, and the
 * band it is in as a tag. Without a value, or withheld, the dial is grey and says so.
 */
export function GaugeDial({ definition, type, values, withheld, testId }: GaugeDialProps) {
  const { t, lang } = useI18n();
  const def = type?.registers.find((r) => r.number === definition.register);
  const raw = def && !withheld ? registerRaw(def, values) : undefined;
  const value = def && raw !== undefined ? scaleRaw(def, raw) : null;
  const unit = definition.unit || def?.unit || '';
  const option = useMemo(
    () => gaugeChartOption(definition, value, unit, def?.decimals ?? 0, withheld ? NO_VALUE : t('chartViews.noValue')),
    [definition, value, unit, def?.decimals, withheld, t],
  );
  const level = value === null ? null : levelOf(definition, value);
  const name = def ? registerName(def, lang) : t('chartViews.registerMissing', { number: definition.register });
  return (
    <div className="dms-chart-gauge" data-testid={testId} data-value={value ?? ''} data-level={level ?? ''}>
      <EChart option={option} height={200} aria-label={`${name}: ${value ?? NO_VALUE} ${unit}`} />
      <div className="dms-chart-gauge-name">
        {name}{' '}
        {level && (
          <Tag color={LEVEL_COLOR[level]} data-testid={`${testId}-level`}>
            {t(`chartViews.level.${level}`)}
          </Tag>
        )}
      </div>
    </div>
  );
}
