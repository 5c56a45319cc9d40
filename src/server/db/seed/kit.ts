// The demo seed's small toolkit: a deterministic generator, time units and look-ups into the
// demo data, shared by the plan builder, its checks and the writer.
import { CITY_DATA, CUSTOMER_DATA, type CustomerData, PRODUCT_DATA, ROUTE_DATA } from '../seed-data';

export const MIN = 60_000;
export const HOUR = 60 * MIN;
export const DAY = 24 * HOUR;

/** mulberry32: small, fast, good enough for demo data, and identical on every platform. */
export class Rng {
  private state: number;
  constructor(seed: number) {
    this.state = seed >>> 0;
  }
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let x = this.state;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  }
  /** Integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  pick<T>(list: readonly T[]): T {
    return item(list, this.int(0, list.length - 1));
  }
  weighted(weights: readonly number[]): number {
    const total = weights.reduce((a, b) => a + b, 0);
    let r = this.next() * total;
    for (let i = 0; i < weights.length; i++) {
      r -= item(weights, i);
      if (r < 0) return i;
    }
    return weights.length - 1;
  }
  sample<T>(list: readonly T[], n: number): T[] {
    const copy = [...list];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = this.int(0, i);
      [copy[i], copy[j]] = [item(copy, j), item(copy, i)];
    }
    return copy.slice(0, n);
  }
}

export function item<T>(list: readonly T[], index: number): T {
  const value = list[index];
  if (value === undefined) throw new Error(`seed: index ${index} out of range`);
  return value;
}

export const customer = (i: number): CustomerData => item(CUSTOMER_DATA, i);
export const route = (i: number) => item(ROUTE_DATA, i);
export const product = (i: number) => item(PRODUCT_DATA, i);
export const city = (i: number) => item(CITY_DATA, i);
export const plusMin = (d: Date, minutes: number) => new Date(d.getTime() + Math.round(minutes) * MIN);
export const maxDate = (dates: Date[]) => new Date(Math.max(...dates.map((d) => d.getTime())));
export const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
/** Sri Lanka local time (UTC+05:30, no daylight saving) for messages. */
export function lkTime(d: Date): string {
  const local = new Date(d.getTime() + 330 * MIN).toISOString();
  return `${local.slice(0, 10)} ${local.slice(11, 16)}`;
}
