/**
 * How many cases, rounds and clients the reliability suites try (docs/reliability.md).
 *
 * `npm test` runs them at the CI size, which keeps the whole suite well under CI's time; the
 * nightly size (`RELIABILITY_SCALE=10 npm run test:unit`, or any factor) multiplies every count
 * by the factor. A suite passes its CI-size count through `scaled()`, never a literal of its own.
 */
export const RELIABILITY_SCALE = (() => {
  const raw = process.env.RELIABILITY_SCALE;
  if (raw === undefined || raw === '') return 1;
  const factor = Number(raw);
  if (!Number.isFinite(factor) || factor <= 0)
    throw new Error(`RELIABILITY_SCALE must be a positive number, not '${raw}'`);
  return factor;
})();

/** The CI-size count `n` at the chosen scale (at least 1). */
export function scaled(n: number): number {
  return Math.max(1, Math.round(n * RELIABILITY_SCALE));
}
