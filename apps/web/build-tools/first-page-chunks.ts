import type { Rolldown } from 'vite';

/**
 * The modules each first page loads lazily (its route's components and the lazy parts of its first
 * render), as the ends of their ids. What these import statically is what the page needs once it has
 * rendered.
 */
export type FirstPageRoots = Readonly<Record<string, readonly string[]>>;

/** The part of a built chunk the grouping reads. */
export interface ChunkSummary {
  fileName: string;
  isEntry: boolean;
  moduleIds: readonly string[];
  imports: readonly string[];
}

/** What the entry loads before any page: its chunk's static imports. */
export const BOOT = 'boot';

/**
 * Which first pages need each module, from a build split the automatic way: a page needs the modules
 * of the chunks its roots' chunks import statically, directly or not (what the browser fetches for it),
 * so a module some barrel re-exports counts only where its code is used. The value names the pages in
 * the roots' order, joined by `+` (`login+overview`), or is `boot` for a module of a chunk the entry
 * imports statically (it loads before any page); the entry's own chunk's modules are left out.
 */
export function pageMembership(chunks: readonly ChunkSummary[], roots: FirstPageRoots): Map<string, string> {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const staticClosure = (starts: readonly ChunkSummary[]) => {
    const seen = new Set<ChunkSummary>();
    const stack = [...starts];
    for (let chunk = stack.pop(); chunk !== undefined; chunk = stack.pop()) {
      if (seen.has(chunk)) continue;
      seen.add(chunk);
      for (const file of chunk.imports) {
        const imported = byFile.get(file);
        if (imported) stack.push(imported);
      }
    }
    return seen;
  };
  const entries = chunks.filter((chunk) => chunk.isEntry);
  const membership = new Map<string, string>();
  const inEntry = new Set(entries.flatMap((chunk) => chunk.moduleIds));
  for (const chunk of staticClosure(entries))
    for (const id of chunk.moduleIds) if (!inEntry.has(id)) membership.set(id, BOOT);
  for (const [page, ends] of Object.entries(roots)) {
    const starts = ends.map((end) => {
      const holding = chunks.filter((chunk) => chunk.moduleIds.some((id) => id.endsWith(end)));
      const [chunk] = holding;
      if (!chunk || holding.length > 1)
        throw new Error(`first page ${page}: ${end} is in ${holding.length} chunks of the build, not one`);
      return chunk;
    });
    for (const chunk of staticClosure(starts))
      for (const id of chunk.moduleIds) {
        if (inEntry.has(id)) continue;
        const pages = membership.get(id);
        if (pages === BOOT) continue;
        membership.set(id, pages ? `${pages}+${page}` : page);
      }
  }
  return membership;
}

/**
 * One chunk per set of first pages that share modules: a first page loads a handful of files instead
 * of one for each combination of the app's ~200 lazy chunks that share a module. A chunk holds only
 * what every page of its set needs, so no first page loads another's code. Sets of more pages rank
 * higher. The rest of the app keeps Rolldown's automatic splitting.
 */
export function firstPageGroups(membership: ReadonlyMap<string, string>): Rolldown.CodeSplittingGroup[] {
  // The entry's imports first, then sets of more pages before fewer.
  const rank = (set: string) => (set === BOOT ? Infinity : set.split('+').length);
  const sets = [...new Set(membership.values())].sort((a, b) => rank(b) - rank(a) || a.localeCompare(b));
  return sets.map((set, index) => ({
    name: set === BOOT ? BOOT : `pages-${set}`,
    test: (id: string) => membership.get(id) === set,
    priority: sets.length - index,
    // A set's modules import only their own set's, a larger set's or the entry's: the dependencies
    // are where they belong already, and pulling them in would take them from the larger set's chunk.
    includeDependenciesRecursively: false,
  }));
}
