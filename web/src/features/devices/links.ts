import { detailPath, type ChartKind, type DeviceSummary, type MapPoint } from '@dms/contract';

/**
 * Paths of the device pages (spec 2, docs/console.md), so every page links the same way: the detail page follows
 * the device's kind (compressor → controller, plc → plcController, maglev → maglev-controller).
 */

type Kind = DeviceSummary['kind'];

export { detailPath };

/** The link to a device's own page, by its kind (controller, plcController or maglev-controller). */
export function deviceLink(p: Pick<MapPoint, 'boxId' | 'controller' | 'kind'>): string {
  return detailPath(p.kind, p.boxId, p.controller);
}

export const boxPath = (boxId: number): string => `/devices/box/${boxId}`;

export function historyPath(kind: Kind, boxId: number, controller: number): string {
  return `/devices/${kind === 'plc' ? 'plcHistory' : 'history'}/${boxId}/${controller}`;
}

/**
 * The start of a chart window showing the latest: the present at nine tenths of the window, so the readings that come
 * while it is open have room to join it live.
 */
export function latestWindowStart(spanMs: number, now = Date.now()): number {
  return Math.floor((now - spanMs * 0.9) / 1000) * 1000;
}

/**
 * Charts of the last day: the maglev blower's charts where its type shows them (/device-type/chart), else the history
 * curves; `time` is the window's start.
 */
export function chartsPath(charts: readonly ChartKind[], boxId: number, controller: number, now = Date.now()): string {
  const page = charts.includes('maglev-charts') ? 'maglev-charts' : 'history-charts';
  return `/devices/${page}/${boxId}-${controller}/${latestWindowStart(86_400_000, now)}`;
}

export const klinePath = (boxId: number, controller: number): string => `/devices/k-line/${boxId}/${controller}`;
export const errorRecordPath = (boxId: number, controller: number): string => `/devices/error-record/${boxId}/${controller}`;
export const maglevRegionPath = (boxId: number, controller: number): string => `/devices/maglev-region/${boxId}/${controller}`;

export const DEVICES_SHOW_PATH = '/devices/devices-show';
export const EVENT_TEMPLATES_PATH = '/devices/events/templates';

/** Paths of the history pages with their parameters, for links between them. */
export const historyPaths = {
  history: (boxId: number, controller: number) => `/devices/history/${boxId}/${controller}`,
  plcHistory: (boxId: number, controller: number) => `/devices/plcHistory/${boxId}/${controller}`,
  charts: (boxId: number, controller: number, from: number) => `/devices/history-charts/${boxId}-${controller}/${from}`,
  kline: (boxId: number, controller: number, register?: number) =>
    `/devices/k-line/${register === undefined ? boxId : `${boxId}-${register}`}/${controller}`,
  errorRecord: (boxId: number, controller: number) => `/devices/error-record/${boxId}/${controller}`,
  errorDetails: (boxId: number, controller: number, time: number, record?: number) =>
    `/devices/error-details/${boxId}/${time}?controller=${controller}${record === undefined ? '' : `&record=${record}`}`,
  maglevCharts: (boxId: number, controller: number, from: number) => `/devices/maglev-charts/${boxId}-${controller}/${from}`,
  maglevRegion: (boxId: number, controller: number) => `/devices/maglev-region/${boxId}/${controller}`,
} as const;
