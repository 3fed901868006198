/** The start of today in the browser's time zone (ms): the "today" of the fleet summary. */
export function localMidnight(now: Date = new Date()): number {
  return new Date(now.getFullYear(), now.getMonth(), now.getDate()).getTime();
}
