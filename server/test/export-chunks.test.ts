import { describe, expect, it } from 'vitest';
import { byCursor, chunksByCursor } from '../src/modules/exports/chunks.js';

/** Reads `rows` (sorted by id) as an export does: after a cursor, `limit` at a time; counts the reads. */
function source(rows: readonly number[]) {
  const reads: Array<number | null> = [];
  const read = (after: number | null, limit: number) => {
    reads.push(after);
    return Promise.resolve(rows.filter((r) => after === null || r > after).slice(0, limit));
  };
  return { read, reads };
}

async function all<T>(rows: AsyncGenerator<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const r of rows) out.push(r);
  return out;
}

describe('byCursor (exports read a chunk at a time)', () => {
  it('reads every row once, each chunk after the last row of the one before, and stops at a short chunk', async () => {
    const rows = Array.from({ length: 25 }, (_, i) => i * 2 + 1);
    const { read, reads } = source(rows);
    expect(await all(byCursor(read, (r) => r, 10))).toEqual(rows);
    expect(reads).toEqual([null, 19, 39]);
  });

  it('reads once more after a full last chunk, and nothing of an empty source', async () => {
    const full = source(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(await all(byCursor(full.read, (r) => r, 10))).toHaveLength(20);
    expect(full.reads).toEqual([null, 10, 20]);
    const empty = source([]);
    expect(await all(byCursor(empty.read, (r) => r, 10))).toEqual([]);
    expect(empty.reads).toEqual([null]);
  });

  it('neither repeats nor skips a row when rows are added ahead of the cursor meanwhile (an offset would repeat them)', async () => {
    const rows = Array.from({ length: 15 }, (_, i) => 100 - i); // newest first, as the IP log reads
    const seen: number[] = [];
    const read = (after: number | null, limit: number) => {
      // A new row arrives at the top after the first read.
      if (after !== null && !rows.includes(101)) rows.unshift(101);
      return Promise.resolve(rows.filter((r) => after === null || r < after).slice(0, limit));
    };
    for await (const r of byCursor(read, (r) => r, 10)) seen.push(r);
    expect(seen).toEqual(Array.from({ length: 15 }, (_, i) => 100 - i));
  });

  it('hands over each chunk as read (the events and deliveries exports map a chunk at once), never an empty one', async () => {
    const { read } = source(Array.from({ length: 20 }, (_, i) => i + 1));
    expect((await all(chunksByCursor(read, (r) => r, 10))).map((c) => c.length)).toEqual([10, 10]);
    const empty = source([]);
    expect(await all(chunksByCursor(empty.read, (r) => r, 10))).toEqual([]);
  });
});
