import { DeviceDetailPage } from '../shared/detail/DeviceDetailPage';
import { MaglevGauges } from './MaglevGauges';

/**
 * /devices/maglev-controller/{tag_id}/{controller_id}: a maglev blower's detail: the same parts as the controller
 * page, with gauges for speed, power, flow and pressure above the register table, and a link to its operating region.
 */
export default function MaglevControllerPage() {
  return <DeviceDetailPage renderExtra={({ device, type, values }) => <MaglevGauges type={type} values={values} rights={device} />} />;
}
