import net from 'node:net';
import tls from 'node:tls';
import type { Prng } from './prng.js';

/** Where the boxes connect: an MQTT broker over plain TCP, or over TLS (`mqtts://`, only given by a `server` command). */
export interface BrokerAddress {
  host: string;
  port: number;
  tls?: boolean;
}

/** `mqtt://host:port` (or `tcp://`), port 1883 when absent; throws with a one-line reason otherwise. */
export function parseBrokerUrl(text: string): BrokerAddress {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Error(`'${text}' is not a URL (expected mqtt://host:port)`);
  }
  if (url.protocol !== 'mqtt:' && url.protocol !== 'tcp:') throw new Error(`'${text}': only mqtt:// (plain TCP) is supported`);
  if (!url.hostname) throw new Error(`'${text}' has no host`);
  return { host: url.hostname.replace(/^\[(.*)\]$/, '$1'), port: url.port ? Number(url.port) : 1883 };
}

/** The address of a `server` command's url, `mqtt://host:port` or `mqtts://host:port` (down.ts has checked it). */
export function serverAddress(text: string): BrokerAddress {
  const url = new URL(text);
  return { host: url.hostname.replace(/^\[(.*)\]$/, '$1'), port: Number(url.port), tls: url.protocol === 'mqtts:' };
}

/** `host:port` of an address, `mqtts://` before it for TLS (log lines). */
export function showAddress(broker: BrokerAddress): string {
  const host = broker.host.includes(':') ? `[${broker.host}]` : broker.host;
  return `${broker.tls ? 'mqtts' : 'mqtt'}://${host}:${broker.port}`;
}

/**
 * Whether the broker is reached over IPv4 loopback, where a box can pose as any address of 127.0.0.0/8 by binding
 * its end of the connection to it (Linux routes the whole block to `lo`; macOS only has 127.0.0.1 unless aliased).
 */
export function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

/** Whether this machine lets a socket bind to a loopback address other than 127.0.0.1. */
export async function loopbackAliasesWork(): Promise<boolean> {
  const server = net.createServer();
  return new Promise((resolve) => {
    server.once('error', () => {
      resolve(false);
    });
    server.listen(0, '127.0.0.2', () =>
      server.close(() => {
        resolve(true);
      }),
    );
  });
}

/** A random address of 127.0.0.0/8 other than 127.0.0.1, never ending in .0 or .255. */
export function randomLoopbackAddress(rng: Prng): string {
  for (;;) {
    const address = `127.${rng.int(0, 255)}.${rng.int(0, 255)}.${rng.int(1, 254)}`;
    if (address !== '127.0.0.1') return address;
  }
}

/**
 * Opens the TCP connection to the broker, from `localAddress` when given (IPv4 then, even for `localhost`); a TLS one
 * (the broker's certificate checked against the system's CAs) for `mqtts://`.
 */
export function connectTcp(broker: BrokerAddress, localAddress: string | undefined): net.Socket {
  if (broker.tls) {
    const servername = net.isIP(broker.host) ? undefined : broker.host;
    return tls.connect({
      host: broker.host,
      port: broker.port,
      ...(servername ? { servername } : {}),
      ...(localAddress ? { localAddress, family: 4 } : {}),
    });
  }
  return localAddress
    ? net.createConnection({ host: broker.host, port: broker.port, localAddress, family: 4 })
    : net.createConnection({ host: broker.host, port: broker.port });
}
