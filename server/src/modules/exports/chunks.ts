/** Rows an export reads at a time. */
export const EXPORT_CHUNK = 1000;

/**
 * An export's rows read a chunk at a time by a cursor (the last row's sort key), so rows written meanwhile neither
 * repeat nor are skipped as they would with offsets: `read(after, limit)` answers the rows after the cursor (null:
 * from the first), in the export's order. Yields each chunk read (none empty); ends at a chunk shorter than `size`.
 */
export async function* chunksByCursor<T, C>(
  read: (after: C | null, limit: number) => Promise<T[]>,
  cursorOf: (row: T) => C,
  size = EXPORT_CHUNK,
): AsyncGenerator<T[]> {
  for (let after: C | null = null; ;) {
    const rows = await read(after, size);
    if (rows.length > 0) yield rows;
    const last = rows.at(-1);
    if (last === undefined || rows.length < size) return;
    after = cursorOf(last);
  }
}

/** The same, row by row. */
export async function* byCursor<T, C>(
  read: (after: C | null, limit: number) => Promise<T[]>,
  cursorOf: (row: T) => C,
  size = EXPORT_CHUNK,
): AsyncGenerator<T> {
  for await (const rows of chunksByCursor(read, cursorOf, size)) yield* rows;
}
