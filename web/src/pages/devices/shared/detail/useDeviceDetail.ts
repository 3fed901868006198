import { type ControllerTypeDetail, type DeviceDetail, type DeviceStatus } from '@dms/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { getControllerType, getDevice } from '../../../../api/devices';
import { useDeviceEvents } from '../../../../api/realtime';
import { useI18n } from '../../../../i18n';
import { loadFailure, type DeviceAddress } from '../params';

/** Most transitions the status card keeps. */
const MAX_TRANSITIONS = 50;

export interface DeviceDetailState {
  device: DeviceDetail | null;
  type: ControllerTypeDetail | null;
  /** Latest raw values by register number, and when they were read. */
  values: Record<string, number>;
  ts: number | null;
  loading: boolean;
  /** A failure to show on the page (one that is neither 40300 nor 40400). */
  error: string | null;
  reload: () => void;
  /** Puts an answer of PATCH (the device as saved) in place. */
  replace: (device: DeviceDetail) => void;
}

/**
 * One device for its detail page: loaded from GET /devices/{boxId}/{controller} with its controller type's register
 * map, then kept live: `values` events merge new register values, `status` events change the status and add to the
 * recent transitions, `lagged` reloads. The `state` sent on subscribing brings values newer than the fetch, and a
 * status that changed in between reloads the device (so its transitions are complete). 40300 goes to /401, 40400 to /404; a null address (malformed parameters) to /404.
 */
export function useDeviceDetail(address: DeviceAddress | null): DeviceDetailState {
  const navigate = useNavigate();
  const { t } = useI18n();
  const [device, setDevice] = useState<DeviceDetail | null>(null);
  const [type, setType] = useState<ControllerTypeDetail | null>(null);
  const [values, setValues] = useState<Record<string, number>>({});
  const [ts, setTs] = useState<number | null>(null);
  const tsRef = useRef<number | null>(null);
  tsRef.current = ts;
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [reloads, setReloads] = useState(0);
  const reload = useCallback(() => setReloads((n) => n + 1), []);
  const boxId = address?.boxId;
  const controller = address?.controller;

  useEffect(() => {
    if (boxId === undefined || controller === undefined) {
      void navigate('/404', { replace: true });
      return undefined;
    }
    const abort = new AbortController();
    setLoading(true);
    getDevice(boxId, controller, abort.signal)
      .then((d) => {
        setDevice(d);
        setValues(d.latest.values);
        setTs(d.latest.ts);
        setError(null);
      })
      .catch((e: unknown) => {
        if (abort.signal.aborted) return;
        const shown = loadFailure(e, navigate, t('common.state.hasError'));
        if (shown) setError(shown);
      })
      .finally(() => {
        if (!abort.signal.aborted) setLoading(false);
      });
    return () => abort.abort();
  }, [boxId, controller, reloads, navigate, t]);

  const typeId = device?.typeId ?? null;
  useEffect(() => {
    if (typeId === null) {
      setType(null);
      return undefined;
    }
    let current = true;
    getControllerType(typeId)
      .then((d) => {
        if (current) setType(d);
      })
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [typeId]);

  useDeviceEvents(device ? [device.id] : [], (event) => {
    if (event.type === 'lagged') {
      reload();
      return;
    }
    if (!device || event.device !== device.id) return;
    if (event.type === 'state') {
      if (event.status !== device.status) {
        reload();
        return;
      }
      if (event.ts === null || event.ts <= (tsRef.current ?? 0)) return;
    }
    if (event.type === 'values' || event.type === 'state') {
      const at = event.ts ?? 0;
      setValues((v) => ({ ...v, ...event.values }));
      setTs((prev) => Math.max(prev ?? 0, at));
      setDevice((d) => (d ? { ...d, lastSeen: Math.max(d.lastSeen ?? 0, at) } : d));
      return;
    }
    const to: DeviceStatus = event.to;
    setDevice((d) =>
      d
        ? {
            ...d,
            status: to,
            runStatus: to.endsWith('fault') ? 'fault' : to.endsWith('alert') ? 'warning' : 'normal',
            transitions: [{ time: event.time, from: event.from, to }, ...d.transitions].slice(0, MAX_TRANSITIONS),
          }
        : d,
    );
  });

  const replace = useCallback((d: DeviceDetail) => setDevice((prev) => (prev ? { ...d, transitions: prev.transitions.length > d.transitions.length ? prev.transitions : d.transitions } : d)), []);

  return { device, type, values, ts, loading, error, reload, replace };
}
