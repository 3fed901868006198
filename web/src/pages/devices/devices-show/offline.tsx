import { DeviceListPage } from './DeviceListPage';

/** /devices/offline: the device list preset to offline devices. */
export default function OfflineDevicesPage() {
  return <DeviceListPage preset="offline" />;
}
