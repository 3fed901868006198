import net from 'node:net';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { boxClientId, downTopic, MAX_PAYLOAD_BYTES, upTopic, type BoxCredentials } from '@dms/contract';
import { MAX_PACKET_BYTES, PacketSizeGuard } from '../src/ingest/broker/embedded.js';
import { connectBox, data, eventually, hello, registerBoxes, send } from './boxes.js';
import { buildTestApp, type TestApp } from './helper.js';
import { reg } from './registers.js';

const PRESSURE = reg('screw-compressor', 'discharge_pressure');
const TARGET_PRESSURE = reg('screw-compressor', 'target_pressure');

// ---- MQTT packets by hand, for what a client library would not send ----

const u16 = (n: number) => Buffer.from([n >> 8, n & 0xff]);
const str = (s: string) => Buffer.concat([u16(Buffer.byteLength(s)), Buffer.from(s)]);
function remainingLength(n: number): Buffer {
  const bytes: number[] = [];
  do {
    let byte = n % 128;
    n = Math.floor(n / 128);
    if (n > 0) byte |= 0x80;
    bytes.push(byte);
  } while (n > 0);
  return Buffer.from(bytes);
}
/** A CONNECT (clean session, keep alive 60 s) with user name and password. */
function connectPacket(o: { clientId: string; username: string; password: string; version: 3 | 4 | 5 }): Buffer {
  const header = Buffer.concat([
    str(o.version === 3 ? 'MQIsdp' : 'MQTT'),
    Buffer.from([o.version, 0xc2]),
    u16(60),
    // MQTT 5: an empty property list.
    o.version === 5 ? Buffer.from([0]) : Buffer.alloc(0),
  ]);
  const body = Buffer.concat([header, str(o.clientId), str(o.username), str(o.password)]);
  return Buffer.concat([Buffer.from([0x10]), remainingLength(body.length), body]);
}

/** A raw TCP connection: what it received, and whether the server closed it. */
async function rawConnection(port: number) {
  const socket = net.connect(port, '127.0.0.1');
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  const state = { received: Buffer.alloc(0), closed: false };
  socket.on('data', (chunk: Buffer) => {
    state.received = Buffer.concat([state.received, chunk]);
  });
  socket.on('error', () => undefined);
  socket.on('close', () => {
    state.closed = true;
  });
  return { socket, state };
}

/** Writes `chunk` and waits until it is handed to the system and the server had a turn to read it. */
function writeAndYield(socket: net.Socket, chunk: Buffer): Promise<void> {
  return new Promise((resolve) => {
    socket.write(chunk, () => {
      setTimeout(resolve, 2);
    });
  });
}

describe('PacketSizeGuard (the fixed headers of one connection)', () => {
  const header = (type: number, length: number) => Buffer.concat([Buffer.from([type]), remainingLength(length)]);

  it('lets packets up to the limit through, whole or cut anywhere, and stops at the first byte that says more', () => {
    const small = Buffer.concat([header(0x30, 10), Buffer.alloc(10), header(0xc0, 0), header(0x32, 300), Buffer.alloc(300)]);
    const whole = new PacketSizeGuard(300);
    expect(whole.feed(small)).toBe(true);
    const bytewise = new PacketSizeGuard(300);
    for (const byte of small) expect(bytewise.feed(Buffer.from([byte]))).toBe(true);

    const big = new PacketSizeGuard(300);
    expect(big.feed(Buffer.concat([header(0x30, 10), Buffer.alloc(10)]))).toBe(true);
    // 301 = 0xAD 0x02: the second length byte tells.
    expect(big.feed(header(0x30, 301).subarray(0, 2))).toBe(true);
    expect(big.feed(header(0x30, 301).subarray(2))).toBe(false);

    const announced = new PacketSizeGuard(MAX_PACKET_BYTES);
    expect(announced.feed(header(0x32, 100 * 1024 * 1024))).toBe(false);
    // A length field of more than 4 bytes is not MQTT.
    expect(new PacketSizeGuard(Number.MAX_SAFE_INTEGER).feed(Buffer.from([0x30, 0x80, 0x80, 0x80, 0x80, 0x01]))).toBe(false);
  });
});

describe('the embedded broker enforces the protocol limits', () => {
  let t: TestApp;
  let port: number;
  let boxes: BoxCredentials[];
  const clients: MqttClient[] = [];
  const sockets: net.Socket[] = [];
  const box = (i: number) => boxes[i] as BoxCredentials;
  const connect = async (b: BoxCredentials) => {
    const c = await connectBox(port, b);
    clients.push(c);
    return c;
  };
  const refused = () => t.app.ingest.stats.snapshot().refused;
  const storedTs = async (boxId: number) =>
    (
      await t.app.db
        .selectFrom('history')
        .innerJoin('devices', 'devices.id', 'history.device_id')
        .select('history.ts')
        .where('devices.box_id', '=', boxId)
        .orderBy('history.ts')
        .execute()
    ).map((r) => r.ts);
  const closedOf = (c: MqttClient) =>
    new Promise<void>((resolve) => {
      c.stream.once('close', () => {
        resolve();
      });
    });

  beforeAll(async () => {
    t = await buildTestApp('sqlite');
    port = t.app.mqttPort;
    boxes = await registerBoxes(t.app, 6101, 6110);
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.endAsync(true).catch(() => undefined)));
    for (const s of sockets.splice(0)) s.destroy();
  });
  afterAll(async () => t.close());

  it('closes the connection at the header of a packet over the limit, before it is read (a 100 MiB PUBLISH)', async () => {
    const b = box(0);
    const before = refused().oversize;
    const { socket, state } = await rawConnection(port);
    sockets.push(socket);
    socket.write(connectPacket({ clientId: boxClientId(b.boxId), username: String(b.boxId), password: b.password, version: 4 }));
    await eventually(() => {
      expect([...state.received]).toEqual([0x20, 0x02, 0x00, 0x00]);
    });
    // PUBLISH QoS 1 announcing 100 MiB, then its bytes, 16 KiB at a time, until the server closes (at most 8 MiB).
    const topic = str(upTopic(b.boxId, 'data'));
    await writeAndYield(socket, Buffer.concat([Buffer.from([0x32]), remainingLength(100 * 1024 * 1024), topic, u16(1)]));
    let sent = 0;
    const chunk = Buffer.alloc(16 * 1024, 0x20);
    while (!state.closed && !socket.destroyed && sent < 8 * 1024 * 1024) {
      await writeAndYield(socket, chunk);
      sent += chunk.length;
    }
    await eventually(() => {
      expect(state.closed).toBe(true);
    });
    expect(sent).toBeLessThan(1024 * 1024);
    expect(refused().oversize).toBe(before + 1);
    // The box's own next connection works as before.
    const c = await connect(b);
    await send(c, b.boxId, 'hello', hello([{ index: 1, type: 'screw-compressor' }]));
  });

  it('still takes a payload of 64 KiB, and drops (acknowledged, counted) one just over it without closing', async () => {
    const b = box(1);
    const c = await connect(b);
    await send(c, b.boxId, 'hello', hello([{ index: 1, type: 'screw-compressor' }]));
    const ts = t.clock.now - 1000;
    const json = JSON.stringify(data(ts, { '1': { [PRESSURE]: 70 } }));
    await send(c, b.boxId, 'data', json + ' '.repeat(MAX_PAYLOAD_BYTES - json.length));
    expect(await storedTs(b.boxId)).toEqual([ts]);
    const tooLarge = t.app.ingest.stats.snapshot().drops['too-large'];
    await send(c, b.boxId, 'data', JSON.stringify(data(ts + 1, { '1': { [PRESSURE]: 71 } })) + ' '.repeat(MAX_PAYLOAD_BYTES));
    expect(t.app.ingest.stats.snapshot().drops['too-large']).toBe(tooLarge + 1);
    expect(c.connected).toBe(true);
    expect(await storedTs(b.boxId)).toEqual([ts]);
  });

  it('acknowledges and drops a retained PUBLISH (counted), and stores the same snapshot sent without the flag', async () => {
    const b = box(2);
    const c = await connect(b);
    await send(c, b.boxId, 'hello', hello([{ index: 1, type: 'screw-compressor' }]));
    const before = refused().retained;
    const ts = t.clock.now - 1000;
    const payload = JSON.stringify(data(ts, { '1': { [PRESSURE]: 72 } }));
    await c.publishAsync(upTopic(b.boxId, 'data'), payload, { qos: 1, retain: true });
    expect(refused().retained).toBe(before + 1);
    expect(await storedTs(b.boxId)).toEqual([]);
    expect(c.connected).toBe(true);
    await send(c, b.boxId, 'data', payload);
    expect(await storedTs(b.boxId)).toEqual([ts]);
  });

  it('keeps a retained last will without its flag (counted)', async () => {
    const b = box(3);
    const before = refused().retained;
    const c = await mqtt.connectAsync({
      host: '127.0.0.1',
      port,
      clientId: boxClientId(b.boxId),
      username: String(b.boxId),
      password: b.password,
      reconnectPeriod: 0,
      will: { topic: upTopic(b.boxId, 'will'), payload: Buffer.from('{"v":1,"online":false}'), qos: 1, retain: true },
    });
    await send(c, b.boxId, 'hello', hello([{ index: 1, type: 'screw-compressor' }]));
    c.stream.destroy();
    await eventually(() => {
      expect(refused().retained).toBe(before + 1);
    });
    await eventually(() => {
      expect(t.app.ingest.box(b.boxId)?.online).toBe(false);
    });
  });

  it('refuses a QoS 2 PUBLISH by closing the connection (counted, nothing stored); a QoS 2 subscription gets QoS 1', async () => {
    const b = box(4);
    const c = await connect(b);
    await send(c, b.boxId, 'hello', hello([{ index: 1, type: 'screw-compressor' }]));
    await c.subscribeAsync(downTopic(b.boxId, 'write'), { qos: 2 });
    const down = new Promise<{ qos: number; id: string }>((resolve) => {
      c.once('message', (_topic, payload, packet) => {
        resolve({ qos: packet.qos, id: (JSON.parse(payload.toString()) as { id: string }).id });
      });
    });
    const device = await eventually(() => {
      const d = t.app.ingest.deviceAt(b.boxId, 1);
      if (!d) throw new Error('no device yet');
      return d;
    });
    const outcome = t.app.ingest.write(device, TARGET_PRESSURE, [75]);
    const message = await down;
    expect(message.qos).toBe(1);
    await send(c, b.boxId, 'ack', { v: 1, id: message.id, ok: true });
    await outcome;

    const before = refused().qos2;
    const closed = closedOf(c);
    c.publish(upTopic(b.boxId, 'data'), JSON.stringify(data(t.clock.now - 1000, { '1': { [PRESSURE]: 73 } })), { qos: 2 });
    await closed;
    expect(refused().qos2).toBe(before + 1);
    expect(await storedTs(b.boxId)).toEqual([]);
  });

  it('takes MQTT 3.1.1 and 3.1 boxes, and answers an MQTT 5 CONNECT "unacceptable protocol version" and closes', async () => {
    const b = box(5);
    const c = await connect(b);
    const ts = t.clock.now - 1000;
    await send(c, b.boxId, 'hello', hello([{ index: 1, type: 'screw-compressor' }]));
    await send(c, b.boxId, 'data', data(ts, { '1': { [PRESSURE]: 74 } }));
    expect(await storedTs(b.boxId)).toEqual([ts]);
    await c.endAsync();

    const v31 = await mqtt.connectAsync({
      host: '127.0.0.1',
      port,
      protocolId: 'MQIsdp',
      protocolVersion: 3,
      clientId: boxClientId(b.boxId),
      username: String(b.boxId),
      password: b.password,
      reconnectPeriod: 0,
    });
    clients.push(v31);
    await v31.publishAsync(upTopic(b.boxId, 'data'), JSON.stringify(data(ts + 1000, { '1': { [PRESSURE]: 75 } })), { qos: 1 });
    expect(await storedTs(b.boxId)).toEqual([ts, ts + 1000]);
    await v31.endAsync();

    await expect(connectBox(port, b, { protocolVersion: 5 })).rejects.toThrow(/unacceptable protocol version/i);
    // On the wire: an MQTT 3.1.1 CONNACK with return code 1, then the server closes.
    const { socket, state } = await rawConnection(port);
    sockets.push(socket);
    socket.write(connectPacket({ clientId: boxClientId(b.boxId), username: String(b.boxId), password: b.password, version: 5 }));
    await eventually(() => {
      expect(state.closed).toBe(true);
    });
    expect([...state.received]).toEqual([0x20, 0x02, 0x00, 0x01]);
  });
});
