import { describe, expect, it } from 'vitest';
import { MAX_MOVE_BOXES, moveBody, movePreviewBody, moveTarget } from './moves.js';

/** The message keys a body is refused with (none: taken). */
const refusals = (body: unknown, schema: typeof moveBody | typeof movePreviewBody = moveBody) => {
  const parsed = schema.safeParse(body);
  return parsed.success ? [] : parsed.error.issues.map((i) => i.message);
};
const TARGET = '10.0.0.5:1883';

describe('moveTarget', () => {
  it('takes host:port, an IP address or a name, and gives the command an mqtt:// URL', () => {
    expect(moveTarget('10.0.0.5:1883')).toEqual({ address: '10.0.0.5:1883', url: 'mqtt://10.0.0.5:1883' });
    expect(moveTarget('  broker-2.example.com:8883 ')).toEqual({
      address: 'broker-2.example.com:8883',
      url: 'mqtt://broker-2.example.com:8883',
    });
    expect(moveTarget('localhost:1')).toEqual({ address: 'localhost:1', url: 'mqtt://localhost:1' });
    expect(moveTarget('localhost:65535')?.address).toBe('localhost:65535');
  });

  it('keeps an IPv6 address in brackets, lower-case', () => {
    expect(moveTarget('[FD00::1]:8883')).toEqual({ address: '[fd00::1]:8883', url: 'mqtt://[fd00::1]:8883' });
    expect(moveTarget('mqtts://[::1]:8883')).toEqual({ address: '[::1]:8883', url: 'mqtts://[::1]:8883' });
  });

  it('keeps the scheme typed (mqtt:// or mqtts://) in the URL, the address without it', () => {
    expect(moveTarget('mqtt://10.0.0.5:1883')).toEqual({ address: '10.0.0.5:1883', url: 'mqtt://10.0.0.5:1883' });
    expect(moveTarget('mqtts://broker.example.com:8883')).toEqual({
      address: 'broker.example.com:8883',
      url: 'mqtts://broker.example.com:8883',
    });
    expect(moveTarget('MQTTS://Broker.Example.com:8883')).toEqual({
      address: 'broker.example.com:8883',
      url: 'mqtts://broker.example.com:8883',
    });
  });

  it('lowers an upper-case host', () => {
    expect(moveTarget('BROKER.Example.COM:1883')?.address).toBe('broker.example.com:1883');
    expect(moveTarget('LOCALHOST:1883')?.url).toBe('mqtt://localhost:1883');
  });

  it('refuses a bad port', () => {
    for (const bad of ['10.0.0.5:0', '10.0.0.5:65536', '10.0.0.5:70000', '10.0.0.5:123456', '10.0.0.5:', '10.0.0.5:-1', '10.0.0.5:18x'])
      expect(moveTarget(bad), bad).toBeNull();
  });

  it('refuses junk', () => {
    for (const bad of [
      '',
      '   ',
      '10.0.0.5',
      'mqtt://',
      'mqtt://10.0.0.5',
      'http://10.0.0.5:1883',
      'tcp://10.0.0.5:1883',
      'mqtt://mqtt://10.0.0.5:1883',
      'mqtt://10.0.0.5:1883/path',
      'user@10.0.0.5:1883',
      '-broker:1883',
      'broker-:1883',
      'bro ker:1883',
      '::1:1883',
      '[fd00::1]',
      `${'a'.repeat(300)}:1883`,
    ])
      expect(moveTarget(bad), bad).toBeNull();
  });
});

describe('moveBody and movePreviewBody', () => {
  it('take one way of choosing, with the fallback 120 s unless given', () => {
    expect(moveBody.parse({ target: TARGET, select: { boxIds: [1, 2] } })).toEqual({
      target: TARGET,
      select: { boxIds: [1, 2] },
      fallback: 120,
    });
    expect(moveBody.parse({ target: ` mqtt://${TARGET} `, select: { from: 5, to: 5 }, fallback: 10 })).toMatchObject({
      target: `mqtt://${TARGET}`,
      fallback: 10,
    });
    expect(refusals({ target: TARGET, select: { boxType: 'DTU-4G' }, fallback: 3600 })).toEqual([]);
    expect(refusals({ target: TARGET, select: { told: 'LOCALHOST:1883' } })).toEqual([]);
    expect(refusals({ target: TARGET, select: { boxType: 'DTU-4G', told: 'localhost:1883' } })).toEqual([]);
    expect(refusals({ target: TARGET, select: { from: 1, to: MAX_MOVE_BOXES } })).toEqual([]);
    expect(refusals({ target: TARGET, select: { boxIds: [1] } }, movePreviewBody)).toEqual([]);
  });

  it('refuse two ways of choosing at once, or none', () => {
    expect(refusals({ target: TARGET, select: { boxIds: [1], from: 1, to: 2 } })).toEqual(['validation.move.which']);
    expect(refusals({ target: TARGET, select: { boxIds: [1], boxType: 'DTU-4G' } })).toEqual(['validation.move.which']);
    expect(refusals({ target: TARGET, select: { from: 1, to: 2, told: 'localhost:1883' } })).toEqual(['validation.move.which']);
    expect(refusals({ target: TARGET, select: {} })).toEqual(['validation.move.which']);
    expect(refusals({ target: TARGET, select: {} }, movePreviewBody)).toEqual(['validation.move.which']);
  });

  it('refuse a range with one end, out of order, or over 10,000 boxes', () => {
    expect(refusals({ target: TARGET, select: { from: 1 } })).toEqual(['validation.move.which']);
    expect(refusals({ target: TARGET, select: { to: 9 } })).toEqual(['validation.move.which']);
    expect(refusals({ target: TARGET, select: { from: 9, to: 1 } })).toEqual(['validation.smartbox.assignRange']);
    expect(refusals({ target: TARGET, select: { from: 1, to: MAX_MOVE_BOXES + 1 } })).toEqual(['validation.smartbox.tooManyBoxes']);
    expect(refusals({ target: TARGET, select: { from: 9, to: 1 } }, movePreviewBody)).toEqual(['validation.smartbox.assignRange']);
  });

  it('refuse a bad list: empty, repeated, too long', () => {
    expect(refusals({ target: TARGET, select: { boxIds: [] } })).toContain('validation.smartbox.noBoxes');
    expect(refusals({ target: TARGET, select: { boxIds: [3, 3] } })).toEqual(['validation.smartbox.repeatedBox']);
    const many = Array.from({ length: MAX_MOVE_BOXES + 1 }, (_, i) => i + 1);
    expect(refusals({ target: TARGET, select: { boxIds: many } })).toContain('validation.smartbox.tooManyBoxes');
  });

  it('refuse a bad target, and a bad told address to choose by', () => {
    for (const bad of ['10.0.0.5', '10.0.0.5:0', 'http://10.0.0.5:1883', ''])
      expect(refusals({ target: bad, select: { boxIds: [1] } }), bad).toEqual(['validation.move.target']);
    expect(refusals({ target: 'nowhere', select: { boxIds: [1] } }, movePreviewBody)).toEqual(['validation.move.target']);
    expect(refusals({ target: TARGET, select: { told: 'mqtt://localhost:1883' } })).toEqual(['validation.move.address']);
    expect(refusals({ target: TARGET, select: { told: 'localhost' } })).toEqual(['validation.move.address']);
  });

  it('refuse a fallback under 10 s, over 3600 s, or not whole', () => {
    for (const fallback of [9, 0, 3601])
      expect(refusals({ target: TARGET, select: { boxIds: [1] }, fallback }), String(fallback)).toEqual(['validation.move.fallback']);
    expect(refusals({ target: TARGET, select: { boxIds: [1] }, fallback: 10.5 })).toHaveLength(1);
  });

  it('refuse fields they do not know', () => {
    expect(refusals({ target: TARGET, select: { boxIds: [1] }, extra: 1 })).toHaveLength(1);
    expect(refusals({ target: TARGET, select: { boxIds: [1], extra: 1 } })).toHaveLength(1);
    expect(refusals({ target: TARGET, select: { boxIds: [1] }, fallback: 60 }, movePreviewBody)).toHaveLength(1);
  });
});
