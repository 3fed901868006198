import { UP_KINDS, type AckPayload, type EventPayload, type HelloPayload, type ReplyPayload, type UpKind } from '@dms/contract';
import { parseAck, parseData, parseEnvelope, parseEvent, parseHello, parseReply, type DropReason } from './payloads.js';

/**
 * What a box's message says, read and checked (payloads.ts): the work that needs no state, so that it can run in the
 * decoder's thread (decoder.ts). A snapshot's values come packed as history stores them (codec.ts), one buffer per
 * controller. `bad`: values left out of a snapshot, by reason, in their order. `envelope`: whether a refused message
 * passed the envelope (size, JSON, version), which is when the box counts as seen.
 */
export type Decoded = (
  | { ok: false; reason: DropReason; envelope: boolean }
  | { ok: true; kind: 'will' }
  | { ok: true; kind: 'data'; ts: number; controllers: Array<[controller: number, vals: Uint8Array]> }
  | { ok: true; kind: 'hello'; value: HelloPayload }
  | { ok: true; kind: 'ack'; value: AckPayload }
  | { ok: true; kind: 'reply'; value: ReplyPayload }
  | { ok: true; kind: 'event'; value: EventPayload }
) & { bad?: DropReason[] };

export function decodeMessage(kind: UpKind, payload: Uint8Array): Decoded {
  const envelope = parseEnvelope(Buffer.from(payload.buffer, payload.byteOffset, payload.byteLength));
  if (!envelope.ok) return { ok: false, reason: envelope.reason, envelope: false };
  const o = envelope.value;
  const refused = (reason: DropReason, bad?: DropReason[]): Decoded => ({ ok: false, reason, envelope: true, ...(bad ? { bad } : {}) });
  switch (kind) {
    case 'will':
      return { ok: true, kind };
    case 'data': {
      let bad: DropReason[] | undefined;
      const parsed = parseData(o, (reason) => (bad ??= []).push(reason));
      if (!parsed.ok) return refused(parsed.reason, bad);
      return { ok: true, kind, ts: parsed.value.ts, controllers: parsed.value.controllers, ...(bad ? { bad } : {}) };
    }
    case 'hello': {
      const parsed = parseHello(o);
      return parsed.ok ? { ok: true, kind, value: parsed.value } : refused(parsed.reason);
    }
    case 'ack': {
      const parsed = parseAck(o);
      return parsed.ok ? { ok: true, kind, value: parsed.value } : refused(parsed.reason);
    }
    case 'reply': {
      const parsed = parseReply(o);
      return parsed.ok ? { ok: true, kind, value: parsed.value } : refused(parsed.reason);
    }
    case 'event': {
      const parsed = parseEvent(o);
      return parsed.ok ? { ok: true, kind, value: parsed.value } : refused(parsed.reason);
    }
  }
}

/**
 * Messages on their way to the decoder's thread: their kinds (index in UP_KINDS), where each payload ends in
 * `bytes`, and the payloads one after another. Moved, not copied.
 */
export interface PackedMessages {
  kinds: Uint8Array<ArrayBuffer>;
  ends: Uint32Array<ArrayBuffer>;
  bytes: Uint8Array<ArrayBuffer>;
}

export function packMessages(messages: ReadonlyArray<{ kind: UpKind; payload: Uint8Array }>): PackedMessages {
  let size = 0;
  for (const m of messages) size += m.payload.byteLength;
  const kinds = new Uint8Array(messages.length);
  const ends = new Uint32Array(messages.length);
  const bytes = new Uint8Array(size);
  let at = 0;
  messages.forEach((m, i) => {
    kinds[i] = UP_KINDS.indexOf(m.kind);
    bytes.set(m.payload, at);
    at += m.payload.byteLength;
    ends[i] = at;
  });
  return { kinds, ends, bytes };
}

/**
 * The decoder thread's answer: each message decoded, a snapshot's values as (start, end) offsets in `values` instead
 * of buffers of their own, so that one buffer moves back.
 */
export interface DecodedBatch {
  decoded: Array<
    Exclude<Decoded, { kind: 'data' }> | (Omit<Extract<Decoded, { kind: 'data' }>, 'controllers'> & { controllers: number[] })
  >;
  values: Uint8Array<ArrayBuffer>;
}

export function decodeBatch(batch: PackedMessages): DecodedBatch {
  const decoded: DecodedBatch['decoded'] = [];
  const parts: Uint8Array[] = [];
  let size = 0;
  let start = 0;
  batch.kinds.forEach((k, i) => {
    const end = batch.ends[i] ?? start;
    const one = decodeMessage(UP_KINDS[k] ?? 'event', batch.bytes.subarray(start, end));
    start = end;
    if (!(one.ok && one.kind === 'data')) {
      decoded.push(one);
      return;
    }
    const controllers: number[] = [];
    for (const [controller, vals] of one.controllers) {
      controllers.push(controller, size, size + vals.byteLength);
      parts.push(vals);
      size += vals.byteLength;
    }
    decoded.push({ ...one, controllers });
  });
  const values = new Uint8Array(size);
  let at = 0;
  for (const p of parts) {
    values.set(p, at);
    at += p.byteLength;
  }
  return { decoded, values };
}

/** The decoder thread's answer as the messages it decoded, a snapshot's values as views into the one buffer. */
export function unpackDecoded(batch: DecodedBatch): Decoded[] {
  return batch.decoded.map((d) => {
    if (!(d.ok && d.kind === 'data')) return d;
    const controllers: Array<[number, Uint8Array]> = [];
    for (let i = 0; i + 2 < d.controllers.length; i += 3)
      controllers.push([d.controllers[i] ?? 0, batch.values.subarray(d.controllers[i + 1], d.controllers[i + 2])]);
    return { ...d, controllers };
  });
}
