import { DEVICES_SHOW_PATH } from '../shared/links';
import { DeviceListPage } from './DeviceListPage';

/** /devices/devices-show: every device the user sees. */
export default function DevicesShowPage() {
  return <DeviceListPage preset="all" path={DEVICES_SHOW_PATH} />;
}
