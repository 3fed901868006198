import { DeviceListPage } from './DeviceListPage';

/** /devices/devices-show: every device the user sees. */
export default function DevicesShowPage() {
  return <DeviceListPage preset="all" />;
}
