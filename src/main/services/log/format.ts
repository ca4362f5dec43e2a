/** One JSON log line as a person reads it: `time LEVEL component: message {fields}`. */

const LEVEL_NAMES: Record<number, string> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO',
  40: 'WARN',
  50: 'ERROR',
  60: 'FATAL',
};

const STANDARD = new Set(['level', 'time', 'pid', 'hostname', 'component', 'msg']);

/** Formats a pino JSON line; text that is not one comes back trimmed as it was. */
export function formatLogLine(line: string): string {
  const text = line.trim();
  let record: Record<string, unknown>;
  try {
    const parsed: unknown = JSON.parse(text);
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return text;
    record = parsed as Record<string, unknown>;
  } catch {
    return text;
  }
  const level =
    typeof record.level === 'number' ? (LEVEL_NAMES[record.level] ?? String(record.level)) : '';
  const time = typeof record.time === 'string' ? record.time : '';
  const component = typeof record.component === 'string' ? `${record.component}: ` : '';
  const message = typeof record.msg === 'string' ? record.msg : '';
  const rest = Object.fromEntries(Object.entries(record).filter(([k]) => !STANDARD.has(k)));
  const extra = Object.keys(rest).length > 0 ? ` ${JSON.stringify(rest)}` : '';
  return `${time} ${level} ${component}${message}${extra}`.trim();
}
