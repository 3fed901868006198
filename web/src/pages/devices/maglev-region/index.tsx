import { Alert, Card, Descriptions, Typography } from 'antd';
import { api } from '@dms/contract';
import { CustomChart, LineChart, ScatterChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { useParams } from 'react-router';
import { endpointQuery } from '@/api/call';
import { useDeviceEvents } from '@/api/realtime';
import { EChart, registerECharts } from '@/components/EChart';
import { useI18n } from '@/i18n';
import { formatTime } from '@/lib/format-time';
import { DeviceHeader } from '../shared/history/DeviceHeader';
import { parseDevice } from '@/features/devices/params';
import { useHistoryDevice, type HistoryDevice } from '../shared/history/useHistoryDevice';
import { Gauges, type GaugeItem } from './Gauges';
import { maglevRegisters, scaled } from '../shared/maglev';
import { registerRaw, withheldWhy } from '@/features/devices/registers';
import { WithheldValue } from '@/features/devices/Withheld';
import { inside, operatingRegion, type Point } from './region';
import { buildRegionOption } from './region-option';
import '../shared/history/history.css';

registerECharts([CustomChart, LineChart, ScatterChart, GridComponent, LegendComponent, TooltipComponent]);

/** The trail: the last hour of operating points. */
const TRAIL_MS = 3_600_000;
const TRAIL_POINTS = 240;

/**
 * /devices/maglev-region/:tagId/:controllerId: where a maglev blower runs within its operating region (flow on x,
 * pressure on y): the region (surge line, maximum speed, choke line, minimum speed), the last hour's trail from the
 * history, the current point moving live, and dials of speed, power, flow and pressure.
 */
export default function MaglevRegionPage() {
  const { tagId, controllerId } = useParams();
  const loaded = useHistoryDevice(parseDevice(tagId, controllerId));
  const { t } = useI18n();
  return (
    <Card title={t('history.route.maglevRegion')} data-testid="page-maglevRegion" loading={!loaded}>
      {loaded && <RegionBody key={`${loaded.device.boxId}/${loaded.device.controller}`} loaded={loaded} />}
    </Card>
  );
}

function RegionBody({ loaded }: { loaded: HistoryDevice }) {
  const { t, lang } = useI18n();
  const { device, type } = loaded;
  const regs = useMemo(() => maglevRegisters(type?.registers ?? [], device.page.roles), [type, device.page.roles]);
  // The latest values and when they were read, replaced together.
  const [reading, setReading] = useState<{ values: Record<string, number>; ts: number | null }>(() => ({
    values: device.latest.values,
    ts: device.latest.ts,
  }));
  const { values, ts } = reading;
  // The points read live since the page opened (the last ones only).
  const [livePoints, setLivePoints] = useState<Point[]>([]);
  const { flow, pressure } = regs;
  // Why the user may not read each role's register (its value is then never shown, nor queried).
  const withheld = (role: keyof typeof regs) => {
    const def = regs[role];
    return def ? withheldWhy(device, def.number) : null;
  };
  const pointWithheld = withheld('flow') ?? withheld('pressure');

  // The last hour up to when the page opened, from the history (cached); the live points follow it.
  const [trailTo] = useState(() => Date.now() + 1000);
  const history = useQuery({
    ...endpointQuery(api.devices.series, {
      params: { boxId: device.boxId, controller: device.controller },
      query: { registers: [flow?.number ?? 0, pressure?.number ?? 0], from: trailTo - TRAIL_MS, to: trailTo, points: TRAIL_POINTS },
    }),
    enabled: flow !== undefined && pressure !== undefined && pointWithheld === null,
    placeholderData: keepPreviousData,
  });
  const trail = useMemo(() => {
    const r = history.data;
    const points: Point[] = [];
    if (r && flow && pressure) {
      const q = r.series.find((s) => s.register === flow.number)?.buckets ?? [];
      const p = new Map((r.series.find((s) => s.register === pressure.number)?.buckets ?? []).map((b) => [b.t, b.avg]));
      for (const b of q) {
        const pv = p.get(b.t);
        if (pv !== undefined)
          points.push([
            Number((b.avg / 10 ** flow.decimals).toFixed(flow.decimals)),
            Number((pv / 10 ** pressure.decimals).toFixed(pressure.decimals)),
          ]);
      }
    }
    return [...points, ...livePoints].slice(-TRAIL_POINTS * 2);
  }, [history.data, flow, pressure, livePoints]);

  useDeviceEvents(
    [device.id],
    useCallback(
      (event) => {
        if (event.type === 'state' && event.device === device.id && event.ts !== null) {
          // The values on subscribing: newer than the page's, if something came in between.
          const at = event.ts;
          setReading((old) => (at <= (old.ts ?? 0) ? old : { values: { ...old.values, ...event.values }, ts: at }));
          return;
        }
        if (event.type !== 'values' || event.device !== device.id) return;
        setReading((old) => ({ values: { ...old.values, ...event.values }, ts: event.ts }));
        const q = flow ? registerRaw(flow, event.values) : undefined;
        const p = pressure ? registerRaw(pressure, event.values) : undefined;
        const sq = scaled(flow, q);
        const sp = scaled(pressure, p);
        if (sq !== undefined && sp !== undefined) setLivePoints((old) => [...old, [sq, sp] as Point].slice(-TRAIL_POINTS * 2));
      },
      [device.id, flow, pressure],
    ),
  );

  const raw = (role: keyof typeof regs): number | undefined => {
    const def = regs[role];
    return def && withheld(role) === null ? registerRaw(def, values) : undefined;
  };
  const minSpeed = scaled(regs.minSpeed, raw('minSpeed'));
  const maxSpeed = scaled(regs.maxSpeed, raw('maxSpeed'));
  const region = useMemo(() => operatingRegion(minSpeed, maxSpeed), [minSpeed, maxSpeed]);
  const q = scaled(flow, raw('flow'));
  const p = scaled(pressure, raw('pressure'));
  const within = q !== undefined && p !== undefined ? inside([q, p], region.polygon) : null;

  const option = useMemo(
    () =>
      buildRegionOption({
        region,
        trail,
        current: q !== undefined && p !== undefined ? [q, p] : null,
        flowUnit: flow?.unit ?? '',
        pressureUnit: pressure?.unit ?? '',
        labels: {
          region: t('history.region.region'),
          surge: t('history.region.surge'),
          maxSpeed: t('history.region.maxSpeed'),
          minSpeed: t('history.region.minSpeed'),
          choke: t('history.region.choke'),
          trail: t('history.region.trail'),
          current: t('history.region.current'),
          outside: t('history.region.outside'),
        },
      }),
    [region, trail, q, p, flow, pressure, t],
  );

  const gauges: GaugeItem[] = [];
  const dial = (id: 'speed' | 'power' | 'flow' | 'pressure', max: number) => {
    const def = regs[id];
    if (def) gauges.push({ id, def, raw: raw(id), withheld: withheld(id), max });
  };
  dial('speed', Math.max(maxSpeed ?? 0, 40_000));
  dial('power', 300);
  dial('flow', 300);
  dial('pressure', 120);

  if (device.kind !== 'maglev' || !flow || !pressure) {
    return (
      <>
        <DeviceHeader device={device} current="maglevRegion" />
        <Alert type="warning" showIcon title={t('history.region.notMaglev')} data-testid="maglev-not-maglev" />
      </>
    );
  }

  return (
    <>
      <DeviceHeader device={device} current="maglevRegion" />
      <Gauges items={gauges} />
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2, lg: 3 }}
        style={{ margin: '8px 0' }}
        items={[
          { key: 'ts', label: t('history.region.readAt'), children: ts === null ? '—' : formatTime(ts, lang) },
          {
            key: 'state',
            label: t('history.region.state'),
            children: pointWithheld ? (
              <WithheldValue why={pointWithheld} testId="maglev-region-state" />
            ) : (
              <Typography.Text
                type={within === false ? 'danger' : 'success'}
                data-testid="maglev-region-state"
                data-inside={within === null ? '' : String(within)}
              >
                {within === null ? '—' : within ? t('history.region.current') : t('history.region.outside')}
              </Typography.Text>
            ),
          },
          { key: 'speeds', label: t('history.region.speedRange'), children: `${Math.round(region.minRatio * 100)}% – 100%` },
        ]}
      />
      <EChart option={option} height={420} data-testid="maglev-region-chart" aria-label={t('history.route.maglevRegion')} />
    </>
  );
}
