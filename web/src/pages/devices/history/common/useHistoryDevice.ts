import type { ControllerTypeDetail, DeviceDetail, RegisterDef } from '@dms/contract';
import { App } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { getControllerType, getDevice } from '../../../../api/devices';
import { useI18n } from '../../../../i18n';
import { loadFailure, type DeviceAddress } from '../../shared/params';

export interface HistoryDevice {
  device: DeviceDetail;
  /** The register map, or null while the device's type is unknown. */
  type: ControllerTypeDetail | null;
  /** Register definitions by number. */
  registers: ReadonlyMap<number, RegisterDef>;
}

/**
 * Loads the device and its register map for a history page. A malformed address (null) goes to /404; the API's
 * 40300 (a device the user may not see) to /401 and 40400 to /404, so a page is never left blank.
 */
export function useHistoryDevice(address: DeviceAddress | null): HistoryDevice | null {
  const navigate = useNavigate();
  const { message } = App.useApp();
  const { t } = useI18n();
  const [state, setState] = useState<{ key: string; device: DeviceDetail; type: ControllerTypeDetail | null } | null>(null);
  const key = address ? `${address.boxId}/${address.controller}` : '';

  useEffect(() => {
    if (!key) {
      void navigate('/404', { replace: true });
      return undefined;
    }
    const [boxId, controller] = key.split('/').map(Number) as [number, number];
    const abort = new AbortController();
    (async () => {
      const device = await getDevice(boxId, controller, abort.signal);
      const type = device.typeId === null ? null : await getControllerType(device.typeId);
      if (!abort.signal.aborted) setState({ key, device, type });
    })().catch((error: unknown) => {
      if (abort.signal.aborted) return;
      const shown = loadFailure(error, navigate, t('common.state.hasError'));
      if (shown) void message.error(shown);
    });
    return () => abort.abort();
  }, [key, navigate, message, t]);

  return useMemo(() => {
    if (!state || state.key !== key) return null;
    const registers = new Map((state.type?.registers ?? []).map((r) => [r.number, r] as const));
    return { device: state.device, type: state.type, registers };
  }, [state, key]);
}
