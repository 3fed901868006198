import { BOX_MQTT_VERSION, BOX_PROTOCOL_VERSION, type BrokerAddress } from '@dms/contract';
import type { Config } from '../../config.js';

/** The default port of mqtt:// and mqtts:// URLs. */
const URL_PORT: Record<string, number> = { 'mqtt:': 1883, 'mqtts:': 8883 };
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * The broker address a box is given with its credentials: MQTT_PUBLIC_HOST / MQTT_PUBLIC_PORT when set (a server
 * behind NAT), otherwise the host name the console reached the server by and the embedded broker's real port (or
 * the external broker's of MQTT_URL).
 */
export function brokerAddress(mqtt: Config['mqtt'], brokerPort: number, requestHost: string): BrokerAddress {
  let host = requestHost;
  let port = brokerPort;
  if (mqtt.url) {
    const url = new URL(mqtt.url);
    // A broker on the server's own machine is reached by boxes at the server's address.
    if (!LOOPBACK.has(url.hostname)) host = url.hostname.replace(/^\[(.*)\]$/, '$1');
    port = url.port ? Number(url.port) : (URL_PORT[url.protocol] ?? 1883);
  }
  return {
    host: mqtt.publicHost ?? host,
    port: mqtt.publicPort ?? port,
    mqttVersion: BOX_MQTT_VERSION,
    protocolVersion: BOX_PROTOCOL_VERSION,
  };
}
