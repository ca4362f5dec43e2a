// Types of scripts/import-graph.mjs for the TypeScript tests that import it.
export declare const REPO_ROOT: string;
export declare const MEASURED_ROOTS: readonly string[];
export interface FolderCycle {
  /** The folder whose entries import one another in a cycle, relative to the repository. */
  folder: string;
  /** Its entries (subfolders and files) in the cycle. */
  entries: string[];
  /** `a → b (importing file → imported file)` for each edge inside the cycle. */
  edges: string[];
}
export declare function specifiersOf(text: string): string[];
export declare function resolveSpecifier(
  fromFile: string,
  spec: string,
  repoRoot?: string,
): string | null;
export declare function sourceFiles(dir: string): string[];
export declare function importGraph(files: string[], repoRoot?: string): Map<string, string[]>;
export declare function stronglyConnected<T>(nodes: T[], successors: (node: T) => T[]): T[][];
export declare function folderCycles(root: string, repoRoot?: string): FolderCycle[];
export declare function longFiles(
  roots: readonly string[],
  maxLines?: number,
  repoRoot?: string,
): Array<{ file: string; lines: number }>;
