import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LocalEventBus } from '../src/events/bus.js';

describe('the in-process event bus', () => {
  it('delivers an event to its listeners in order, and not to those of other events or removed ones', () => {
    const errors: unknown[] = [];
    const bus = new LocalEventBus({ error: (o: unknown) => errors.push(o) });
    const seen: string[] = [];
    bus.on('userChanged', ({ userId }) => seen.push(`a${userId}`));
    const off = bus.on('userChanged', ({ userId }) => seen.push(`b${userId}`));
    bus.on('reachChanged', ({ userIds }) => seen.push(`r${userIds.join(',')}`));
    bus.publish('userChanged', { userId: 7 });
    off();
    bus.publish('userChanged', { userId: 8 });
    bus.publish('reachChanged', { userIds: [1, 2] });
    expect(seen).toEqual(['a7', 'b7', 'a8', 'r1,2']);
    expect(errors).toEqual([]);
  });

  it('logs a listener that throws and still runs the others; the publisher is not failed', () => {
    const errors: unknown[] = [];
    const bus = new LocalEventBus({ error: (o: unknown) => errors.push(o) });
    const seen: number[] = [];
    bus.on('templateChanged', () => {
      throw new Error('boom');
    });
    bus.on('templateChanged', ({ templateId }) => seen.push(templateId));
    expect(() => {
      bus.publish('templateChanged', { templateId: 3 });
    }).not.toThrow();
    expect(seen).toEqual([3]);
    expect(errors).toHaveLength(1);
  });
});

describe('the parts meet on the bus', () => {
  it('no module reaches into the live push or changes ingest’s registry: they publish what changed', () => {
    const modules = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src/modules');
    const files = (dir: string): string[] =>
      fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
        const full = path.join(dir, e.name);
        return e.isDirectory() ? files(full) : e.name.endsWith('.ts') ? [full] : [];
      });
    const offenders = files(modules).filter((f) => /\brealtime\b|\.(addBoxes|setBoxOwner|reloadTypes)\(/.test(fs.readFileSync(f, 'utf8')));
    expect(offenders.map((f) => path.relative(modules, f))).toEqual([]);
  });
});
