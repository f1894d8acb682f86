// The contract lens reports per response; a cell shows one list over all its pages: the same
// deviation (kind, place, spec section) on several pages is one entry with the counts added up
// (the value shown is the first page's: a redirect's target differs per page only by its offset).
import { MAX_PATHS, type Deviation } from '../api/contract/deviations';

export class DeviationTotals {
  private readonly entries = new Map<string, Deviation>();

  add(deviations: readonly Deviation[]): void {
    for (const deviation of deviations) {
      const key = `${deviation.kind}\u0000${deviation.pattern}\u0000${deviation.section}`;
      const existing = this.entries.get(key);
      if (!existing) {
        this.entries.set(key, { ...deviation, paths: deviation.paths.slice(0, MAX_PATHS) });
        continue;
      }
      existing.count += deviation.count;
      existing.of += deviation.of;
      for (const path of deviation.paths) if (existing.paths.length < MAX_PATHS && !existing.paths.includes(path)) existing.paths.push(path);
    }
  }

  list(): Deviation[] {
    return [...this.entries.values()];
  }
}
