/**
 * A file's size as Cadenza's panels say it: binary units (1 MB = 1024 × 1024 bytes, as the
 * panels always counted), the number through Intl in the app's language, the unit from the
 * `format` catalog ("Mo" in French). `smallest` is the smallest unit shown: a cover's source reads
 * "0.1 MB", an opened file "94 KB", a recording "512 B".
 *
 *   const f = useFormat(); fileSizeText(f, file.sizeBytes, 'kb')
 */
import { t, type formattersFor } from '../../i18n';

const KB = 1024;
const MB = 1024 * 1024;

export function fileSizeText(
  f: ReturnType<typeof formattersFor>,
  bytes: number,
  smallest: 'b' | 'kb' | 'mb' = 'b',
): string {
  const n = Math.max(0, Number.isFinite(bytes) ? bytes : 0);
  if (n >= MB || smallest === 'mb')
    return t('format:size.mb', {
      value: f.number(n / MB, { minimumFractionDigits: 1, maximumFractionDigits: 1 }),
    });
  if (n >= KB || smallest === 'kb')
    return t('format:size.kb', { value: f.number(Math.max(1, Math.round(n / KB))) });
  return t('format:size.bytes', { value: f.number(n) });
}
