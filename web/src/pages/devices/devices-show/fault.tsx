import { DeviceListPage } from './DeviceListPage';

/** /devices/fault: the device list preset to devices in fault (online or offline). */
export default function FaultDevicesPage() {
  return <DeviceListPage preset="fault" />;
}
