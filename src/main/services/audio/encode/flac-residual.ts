/**
 * FLAC's fixed predictors (orders 0–4: the sample, its first … fourth difference) and the
 * partitioned Rice coding of their residuals. The order is picked by the smallest sum of absolute
 * residuals, the partition order and each partition's Rice parameter by an estimate of the bits
 * they take; `estimateBits` lets the frame writer fall back to verbatim samples when prediction
 * does not pay.
 */
import type { BitWriter } from './bits';

const MAX_FIXED_ORDER = 4;
const MAX_PARTITION_ORDER = 8;

/** Residuals of fixed predictor `order` for x[order..n), into a new array. */
export function fixedResidual(x: Int32Array, order: number): Int32Array {
  const n = x.length;
  const r = new Int32Array(Math.max(0, n - order));
  for (let i = order; i < n; i++) {
    let e: number;
    switch (order) {
      case 0:
        e = x[i]!;
        break;
      case 1:
        e = x[i]! - x[i - 1]!;
        break;
      case 2:
        e = x[i]! - 2 * x[i - 1]! + x[i - 2]!;
        break;
      case 3:
        e = x[i]! - 3 * x[i - 1]! + 3 * x[i - 2]! - x[i - 3]!;
        break;
      default:
        e = x[i]! - 4 * x[i - 1]! + 6 * x[i - 2]! - 4 * x[i - 3]! + x[i - 4]!;
    }
    r[i - order] = e;
  }
  return r;
}

/** The fixed order whose residuals have the smallest absolute sum (over a common range). */
export function bestFixedOrder(x: Int32Array): number {
  const n = x.length;
  if (n <= MAX_FIXED_ORDER) return 0;
  let s0 = 0;
  let s1 = 0;
  let s2 = 0;
  let s3 = 0;
  let s4 = 0;
  let p0 = x[3]!;
  let p1 = x[3]! - x[2]!;
  let p2 = p1 - (x[2]! - x[1]!);
  let p3 = p2 - (x[2]! - x[1]! - (x[1]! - x[0]!));
  for (let i = MAX_FIXED_ORDER; i < n; i++) {
    const e0 = x[i]!;
    const e1 = e0 - p0;
    const e2 = e1 - p1;
    const e3 = e2 - p2;
    const e4 = e3 - p3;
    s0 += Math.abs(e0);
    s1 += Math.abs(e1);
    s2 += Math.abs(e2);
    s3 += Math.abs(e3);
    s4 += Math.abs(e4);
    p0 = e0;
    p1 = e1;
    p2 = e2;
    p3 = e3;
  }
  const sums = [s0, s1, s2, s3, s4];
  let best = 0;
  for (let o = 1; o <= MAX_FIXED_ORDER; o++) if (sums[o]! < sums[best]!) best = o;
  return best;
}

const fold = (r: number): number => (r >= 0 ? 2 * r : -2 * r - 1);

/** Estimated bits of n folded values summing to `sum` at Rice parameter k. */
const riceCost = (n: number, sum: number, k: number): number =>
  k === 0 ? n + sum : n * (k + 1) + Math.max(0, sum / 2 ** k - n / 2);

function bestParameter(n: number, sum: number, maxK: number): { k: number; bits: number } {
  const mean = n > 0 ? sum / n : 0;
  const guess = mean > 1 ? Math.min(maxK, Math.floor(Math.log2(mean))) : 0;
  let best = { k: guess, bits: riceCost(n, sum, guess) };
  for (const k of [guess - 1, guess + 1]) {
    if (k < 0 || k > maxK) continue;
    const bits = riceCost(n, sum, k);
    if (bits < best.bits) best = { k, bits };
  }
  return best;
}

export interface RicePlan {
  partitionOrder: number;
  parameters: number[];
  /** 5-bit parameters (RICE2) when one is above 14. */
  wide: boolean;
  /** Estimated bits of the whole residual section. */
  bits: number;
  folded: Uint32Array;
}

/**
 * Plans the Rice coding of `residual` (the block's samples after the `order` warm-up samples):
 * every partition order whose partitions hold at least the warm-up, scored by estimate.
 */
export function planRice(residual: Int32Array, blockSize: number, order: number): RicePlan {
  const folded = new Uint32Array(residual.length);
  for (let i = 0; i < residual.length; i++) folded[i] = fold(residual[i]!);
  let maxOrder = 0;
  while (
    maxOrder < MAX_PARTITION_ORDER &&
    blockSize % (1 << (maxOrder + 1)) === 0 &&
    blockSize >> (maxOrder + 1) > order
  )
    maxOrder++;
  // sums at the finest order, merged pairwise for coarser ones
  const parts = 1 << maxOrder;
  const size = blockSize >> maxOrder;
  let sums = new Float64Array(parts);
  let counts = new Float64Array(parts);
  for (let p = 0; p < parts; p++) {
    const from = p === 0 ? 0 : p * size - order;
    const to = (p + 1) * size - order;
    let s = 0;
    for (let i = from; i < to; i++) s += folded[i]!;
    sums[p] = s;
    counts[p] = to - from;
  }
  let best: RicePlan | null = null;
  for (let po = maxOrder; po >= 0; po--) {
    if (po < maxOrder) {
      const n = 1 << po;
      const s2 = new Float64Array(n);
      const c2 = new Float64Array(n);
      for (let p = 0; p < n; p++) {
        s2[p] = sums[2 * p]! + sums[2 * p + 1]!;
        c2[p] = counts[2 * p]! + counts[2 * p + 1]!;
      }
      sums = s2;
      counts = c2;
    }
    const parameters: number[] = [];
    let bits = 6;
    let wide = false;
    for (let p = 0; p < sums.length; p++) {
      const { k, bits: b } = bestParameter(counts[p]!, sums[p]!, 30);
      parameters.push(k);
      if (k > 14) wide = true;
      bits += b;
    }
    bits += parameters.length * (wide ? 5 : 4);
    if (!best || bits < best.bits) best = { partitionOrder: po, parameters, wide, bits, folded };
  }
  return best!;
}

/** Writes the residual section (coding method, partition order, partitions) of a plan. */
export function writeRice(w: BitWriter, plan: RicePlan, blockSize: number, order: number): void {
  const { folded, partitionOrder, parameters, wide } = plan;
  w.write(wide ? 1 : 0, 2);
  w.write(partitionOrder, 4);
  const size = blockSize >> partitionOrder;
  let i = 0;
  for (let p = 0; p < parameters.length; p++) {
    const k = parameters[p]!;
    w.write(k, wide ? 5 : 4);
    const end = (p + 1) * size - order;
    if (k === 0) for (; i < end; i++) w.writeUnary(folded[i]!);
    else {
      const mask = (1 << k) - 1; // k ≤ 30
      for (; i < end; i++) {
        const u = folded[i]!;
        w.writeUnary(u >>> k);
        w.write(u & mask, k);
      }
    }
  }
}
