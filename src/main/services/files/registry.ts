/**
 * Files the user picked or dropped, known to main by opaque handles. The renderer never sends
 * paths to read: it gets `fh_…` handles, and main reads only files registered here. A file is
 * registered only if it is an existing regular file (symlinks resolved; no folders, devices or
 * sockets) whose extension and first bytes both match the kind asked for.
 */
import { randomBytes } from 'node:crypto';
import { lstat, open, realpath, stat } from 'node:fs/promises';
import { basename, extname, isAbsolute } from 'node:path';
import { AppError } from '@shared/errors';
import type { FileHandle, FileInfo, FileKind } from '@shared/domain/files';
import { EXTENSIONS, SNIFF_BYTES, mimeFromExtension, sniffContent } from './sniff';

export interface RegisteredFile extends FileInfo {
  /** The resolved path (symlinks followed), read only by main. */
  readonly path: string;
  readonly kind: FileKind;
}

export interface FileRegistryOptions {
  /** How many handles may be alive at once. */
  maxEntries?: number;
}

const MAX_PATH_CHARS = 4096;
/** Pseudo file systems whose "regular files" are kernel interfaces, not user files. */
const SYSTEM_ROOTS = ['/proc/', '/sys/', '/dev/'];

export class FileRegistry {
  private readonly entries = new Map<FileHandle, RegisteredFile>();
  private readonly maxEntries: number;

  constructor(options: FileRegistryOptions = {}) {
    this.maxEntries = options.maxEntries ?? 1000;
  }

  /** Checks and registers one file; throws AppError('invalid_argument' | 'forbidden' | 'not_found'). */
  async register(rawPath: string, kind: FileKind): Promise<FileInfo> {
    const path = await checkPath(rawPath);
    if (process.platform !== 'win32' && SYSTEM_ROOTS.some((root) => path.startsWith(root))) {
      throw new AppError('forbidden', `“${safeName(rawPath)}” is not a file Cadenza can open.`);
    }
    const name = basename(path);
    const info = await stat(path);
    if (!info.isFile())
      throw new AppError('invalid_argument', `“${safeName(rawPath)}” is not a file.`);
    const ext = extname(path).slice(1).toLowerCase();
    const mimeType = await checkKind(path, ext, kind, safeName(rawPath));
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    const handle = `fh_${randomBytes(18).toString('base64url')}`;
    const entry: RegisteredFile = { handle, name, sizeBytes: info.size, mimeType, path, kind };
    this.entries.set(handle, entry);
    return { handle, name, sizeBytes: info.size, mimeType };
  }

  async registerAll(paths: readonly string[], kind: FileKind): Promise<FileInfo[]> {
    const out: FileInfo[] = [];
    for (const p of paths) out.push(await this.register(p, kind));
    return out;
  }

  /** The registered file behind a handle, or undefined for unknown handles. */
  resolve(handle: string): RegisteredFile | undefined {
    return this.entries.get(handle);
  }

  /** Like resolve, but throws AppError('not_found') for an unknown handle. */
  get(handle: string): RegisteredFile {
    const entry = this.entries.get(handle);
    if (!entry)
      throw new AppError('not_found', 'That file is no longer available. Please choose it again.');
    return entry;
  }

  release(handles: readonly string[]): void {
    for (const h of handles) this.entries.delete(h);
  }

  get size(): number {
    return this.entries.size;
  }
}

/** A name for messages: the last path segment, control characters removed, bounded. */
function safeName(raw: string): string {
  // eslint-disable-next-line no-control-regex
  const name = basename(raw).replace(/[\u0000-\u001f\u007f]/g, '');
  return name.length > 80 ? `${name.slice(0, 77)}…` : name || 'file';
}

async function checkPath(raw: string): Promise<string> {
  if (
    typeof raw !== 'string' ||
    raw.length === 0 ||
    raw.length > MAX_PATH_CHARS ||
    raw.includes('\0')
  ) {
    throw new AppError('invalid_argument', 'That is not a file Cadenza can open.');
  }
  if (!isAbsolute(raw))
    throw new AppError('invalid_argument', 'That is not a file Cadenza can open.');
  let link;
  try {
    link = await lstat(raw);
  } catch {
    throw new AppError('not_found', `“${safeName(raw)}” was not found.`);
  }
  if (link.isSymbolicLink()) {
    try {
      return await realpath(raw);
    } catch {
      throw new AppError('not_found', `“${safeName(raw)}” points to a file that does not exist.`);
    }
  }
  if (!link.isFile()) throw new AppError('invalid_argument', `“${safeName(raw)}” is not a file.`);
  return raw;
}

async function checkKind(
  path: string,
  ext: string,
  kind: FileKind,
  shownName: string,
): Promise<string> {
  if (kind === 'any') return mimeFromExtension(ext);
  const wanted = kind === 'audio' ? 'an audio file' : kind === 'image' ? 'an image' : 'a video';
  if (!EXTENSIONS[kind].includes(ext))
    throw new AppError('invalid_argument', `“${shownName}” is not ${wanted}.`);
  const head = Buffer.alloc(SNIFF_BYTES);
  let bytesRead = 0;
  try {
    const fh = await open(path, 'r');
    try {
      ({ bytesRead } = await fh.read(head, 0, SNIFF_BYTES, 0));
    } finally {
      await fh.close();
    }
  } catch {
    throw new AppError('io', `“${shownName}” could not be read.`);
  }
  const sniffed = sniffContent(head.subarray(0, bytesRead));
  const containerOk =
    kind === 'audio' && sniffed?.kind === 'video' && ['mp4', 'm4a', 'webm'].includes(ext);
  if (!sniffed || (sniffed.kind !== kind && !containerOk)) {
    throw new AppError('invalid_argument', `“${shownName}” is not ${wanted}.`);
  }
  return containerOk ? mimeFromExtension(ext) : sniffed.mimeType;
}
