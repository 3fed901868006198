import { DeviceListPage } from './DeviceListPage';

/** /devices/warning: the device list preset to devices with an alert (online or offline). */
export default function WarningDevicesPage() {
  return <DeviceListPage preset="alert" />;
}
