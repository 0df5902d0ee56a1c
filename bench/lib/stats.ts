/** The value below which the given share of sorted samples fall (nearest rank). */
export function percentile(sorted: Float64Array, share: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(share * sorted.length) - 1));
  return sorted[rank] ?? Number.NaN;
}

/** A growable list of latencies in milliseconds. */
export class Samples {
  private values = new Float64Array(65_536);
  private size = 0;

  push(value: number) {
    if (this.size === this.values.length) {
      const grown = new Float64Array(this.values.length * 2);
      grown.set(this.values);
      this.values = grown;
    }
    this.values[this.size++] = value;
  }

  get count() {
    return this.size;
  }

  sorted(): Float64Array {
    return this.values.slice(0, this.size).sort();
  }
}

export const round = (value: number, digits = 1) => {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
};
