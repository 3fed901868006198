import { DeviceDetailPage } from '../shared/detail/DeviceDetailPage';

/**
 * /devices/maglev-controller/{tag_id}/{controller_id}: a maglev blower's detail: the device page, whose gauges (speed,
 * power, flow and pressure by default) and key figures its type's page configures, and a link to its operating region.
 */
export default function MaglevControllerPage() {
  return <DeviceDetailPage />;
}
