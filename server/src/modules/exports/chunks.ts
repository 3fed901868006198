/** Rows an export reads at a time. */
export const EXPORT_CHUNK = 1000;

/**
 * An export's rows read a chunk at a time by a cursor (the last row's sort key), so rows written meanwhile neither
 * repeat nor are skipped as they would with offsets: `read(after, limit)` answers the rows after the cursor (null:
 * from the first), in the export's order. Ends at a chunk shorter than `size`.
 */
export async function* byCursor<T, C>(
  read: (after: C | null, limit: number) => Promise<T[]>,
  cursorOf: (row: T) => C,
  size = EXPORT_CHUNK,
): AsyncGenerator<T> {
  for (let after: C | null = null; ;) {
    const rows = await read(after, size);
    yield* rows;
    const last = rows.at(-1);
    if (last === undefined || rows.length < size) return;
    after = cursorOf(last);
  }
}
