/** Vite's `import.meta.glob` (electron-vite and Vitest expand it at build time), eager form only. */
interface ImportMeta {
  glob<T = unknown>(
    pattern: string | string[],
    options: { eager: true; import?: string },
  ): Record<string, T>;
}
