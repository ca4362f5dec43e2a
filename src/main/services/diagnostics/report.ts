/**
 * The diagnostic report a person attaches to a bug: versions, OS, the settings without secrets,
 * job states and recent job summaries, and the recent log lines. Plain Node, so the app ("Copy
 * diagnostic report") and the CLI (`cadenza diagnostics`) build the same report. Everything is
 * redacted once more as a whole before it leaves this module; the key is never part of it (the
 * report says only where a key is kept, never any of its characters).
 */
import { arch, platform, release } from 'node:os';
import type { JobState, JobSummary } from '@shared/domain/jobs';
import { JOB_STATES } from '@shared/domain/jobs';
import type { SettingsStore } from '../contracts';
import { readRecentLogLines, redactSecrets, type RecentLog } from '../log';

export interface DiagnosticsSources {
  /** Which process builds the report. */
  process: 'app' | 'cli';
  appVersion: string;
  /** process.versions.electron / chrome in the app; absent in the CLI. */
  electronVersion?: string;
  chromeVersion?: string;
  settings: Pick<SettingsStore, 'get' | 'baseUrl' | 'libraryDir'>;
  env: NodeJS.ProcessEnv;
  dataDir: string;
  logsDir: string;
  /** The jobs of the data folder (read-only); a failure is reported, not thrown. */
  jobs(): Promise<readonly JobSummary[]>;
  /** Where the key is kept ("keychain", "environment", "none"…), never the key. */
  keyStorage?(): Promise<string>;
  recentJobs?: number;
  logLines?: number;
  now?: () => Date;
}

export interface JobLine {
  id: string;
  kind: string;
  state: JobState;
  progress: number;
  createdAt: string;
  updatedAt: string;
  error: { code: string; message: string } | null;
}

export interface DiagnosticReport {
  generatedAt: string;
  app: {
    version: string;
    process: 'app' | 'cli';
    electron: string | null;
    chrome: string | null;
    node: string;
  };
  os: { platform: string; release: string; arch: string };
  settings: {
    serviceAddress: string;
    libraryFolder: string;
    autoUpdate: boolean;
    keyStorage: string;
    /** CADENZA_* variables set in this run (names only: values may be secrets). */
    environment: string[];
  };
  folders: { data: string; logs: string };
  jobs: { counts: Record<string, number>; recent: JobLine[]; unavailable?: string };
  logs: RecentLog[];
}

const errorMessage = (e: unknown): string => (e instanceof Error ? e.message : String(e));

function jobLine(job: JobSummary): JobLine {
  return {
    id: job.id,
    kind: job.kind,
    state: job.state,
    progress: Math.round(job.progress * 100) / 100,
    createdAt: job.createdAt,
    updatedAt: job.updatedAt,
    error: job.error ? { code: job.error.code, message: job.error.message } : null,
  };
}

export async function buildDiagnosticReport(src: DiagnosticsSources): Promise<DiagnosticReport> {
  const now = src.now?.() ?? new Date();
  const settings = src.settings.get();
  let jobs: DiagnosticReport['jobs'];
  try {
    const list = [...(await src.jobs())].sort((a, b) => (a.updatedAt < b.updatedAt ? 1 : -1));
    const counts: Record<string, number> = {};
    for (const state of JOB_STATES) counts[state] = 0;
    for (const job of list) counts[job.state] = (counts[job.state] ?? 0) + 1;
    jobs = { counts, recent: list.slice(0, src.recentJobs ?? 20).map(jobLine) };
  } catch (e) {
    jobs = { counts: {}, recent: [], unavailable: errorMessage(e) };
  }
  const keyStorage = src.keyStorage
    ? await src.keyStorage().catch((e: unknown) => `unknown (${errorMessage(e)})`)
    : 'unknown';
  const report: DiagnosticReport = {
    generatedAt: now.toISOString(),
    app: {
      version: src.appVersion,
      process: src.process,
      electron: src.electronVersion ?? null,
      chrome: src.chromeVersion ?? null,
      node: process.versions.node,
    },
    os: { platform: platform(), release: release(), arch: arch() },
    settings: {
      serviceAddress: src.settings.baseUrl(),
      libraryFolder: src.settings.libraryDir(),
      autoUpdate: settings.autoUpdate !== false,
      keyStorage,
      environment: Object.keys(src.env)
        .filter((k) => k.startsWith('CADENZA_') && src.env[k])
        .sort(),
    },
    folders: { data: src.dataDir, logs: src.logsDir },
    jobs,
    logs: await readRecentLogLines(src.logsDir, { maxLines: src.logLines ?? 100 }).catch(() => []),
  };
  // the whole report, redacted as one text: nothing key-like survives in any field
  return JSON.parse(redactSecrets(JSON.stringify(report))) as DiagnosticReport;
}

/** The report as plain text, for the clipboard and the terminal. */
export function formatDiagnosticReport(r: DiagnosticReport): string {
  const counts = Object.entries(r.jobs.counts)
    .filter(([, n]) => n > 0)
    .map(([state, n]) => `${state} ${n}`)
    .join(', ');
  const lines = [
    'Cadenza diagnostic report',
    `Generated: ${r.generatedAt}`,
    '',
    `Version: ${r.app.version} (${r.app.process})`,
    `Electron: ${r.app.electron ?? 'not running under Electron'}${r.app.chrome ? `, Chrome ${r.app.chrome}` : ''}`,
    `Node: ${r.app.node}`,
    `OS: ${r.os.platform} ${r.os.release} (${r.os.arch})`,
    '',
    'Settings',
    `  Service address: ${r.settings.serviceAddress}`,
    `  Library folder: ${r.settings.libraryFolder}`,
    `  Automatic updates: ${r.settings.autoUpdate ? 'on' : 'off'}`,
    `  Key kept in: ${r.settings.keyStorage}`,
    `  Environment: ${r.settings.environment.join(', ') || 'none'}`,
    `  Data folder: ${r.folders.data}`,
    `  Logs folder: ${r.folders.logs}`,
    '',
    `Jobs: ${r.jobs.unavailable ? `unavailable (${r.jobs.unavailable})` : counts || 'none'}`,
    ...r.jobs.recent.map(
      (j) =>
        `  ${j.id}  ${j.kind}  ${j.state}  updated ${j.updatedAt}${j.error ? `  ${j.error.code}: ${j.error.message}` : ''}`,
    ),
  ];
  for (const log of r.logs) {
    lines.push('', `Recent log lines (${log.file})`, ...log.lines.map((l) => `  ${l}`));
  }
  if (r.logs.length === 0) lines.push('', 'Recent log lines: none yet');
  return redactSecrets(`${lines.join('\n')}\n`);
}
