/** A signed movement: +300 or -5. */
export function formatDelta(delta: number): string {
  return `${delta > 0 ? '+' : ''}${delta.toLocaleString('en-US')}`;
}
