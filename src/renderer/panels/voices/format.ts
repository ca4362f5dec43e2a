const count = new Intl.NumberFormat();
export const formatCount = (n: number): string => count.format(n);
export const formatBytes = (n: number): string =>
  n >= 1024 * 1024
    ? `${(n / 1024 / 1024).toFixed(1)} MB`
    : n >= 1024
      ? `${Math.round(n / 1024)} KB`
      : `${n} B`;
export const formatSeconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;
const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
export const formatWhen = (iso: string): string => {
  const t = Date.parse(iso);
  return Number.isFinite(t) ? dateTime.format(t) : iso;
};
