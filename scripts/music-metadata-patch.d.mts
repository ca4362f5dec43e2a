export const COLLECTOR: RegExp;
export function shareTagMapper(source: string, path: string): string;
