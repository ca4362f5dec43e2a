/**
 * Files the user picked or dropped, known to main by opaque handles. The renderer never sends
 * paths to read: it gets `fh_…` handles, and main reads only files registered here. A file is
 * registered only if it is an existing regular file (the path normalised and every symlink resolved
 * before any check; no folders, devices, FIFOs or sockets; nothing under /proc, /sys or /dev) whose
 * extension and first bytes both match the kind asked for. There is no "any" kind: every handle's
 * bytes were sniffed as audio, an image or a video.
 */
import { randomBytes } from 'node:crypto';
import { realpath } from 'node:fs/promises';
import { basename, extname, isAbsolute, resolve } from 'node:path';
import { appError } from '@shared/app-error';
import type { FileHandle, FileInfo, FileKind } from '@shared/domain/files';
import { openRegularFile, shownFileName as safeName } from './regular';
import { mimeTypeOf } from '../ground/media-types';
import { EXTENSIONS, SNIFF_BYTES, sniffContent } from './sniff';

export interface RegisteredFile extends FileInfo {
  /** The resolved path (symlinks followed), read only by main. */
  readonly path: string;
  readonly kind: FileKind;
}

/** The files picked or dropped in this session, by handle (what a retried upload finds them by). */
export interface PickedFiles {
  resolve(handle: string): RegisteredFile | undefined;
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
      throw appError('forbidden', 'errors:files.notOpenable', { name: safeName(rawPath) });
    }
    const name = basename(path);
    const ext = extname(path).slice(1).toLowerCase();
    const { mimeType, sizeBytes } = await checkKind(path, ext, kind, safeName(rawPath));
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    const handle = `fh_${randomBytes(18).toString('base64url')}`;
    const entry: RegisteredFile = { handle, name, sizeBytes, mimeType, path, kind };
    this.entries.set(handle, entry);
    return { handle, name, sizeBytes, mimeType };
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
    if (!entry) throw appError('not_found', 'errors:files.pickAgain');
    return entry;
  }

  release(handles: readonly string[]): void {
    for (const h of handles) this.entries.delete(h);
  }

  get size(): number {
    return this.entries.size;
  }
}

/** The real path (normalised, every symlink resolved) of an absolute path; refuses anything else. */
async function checkPath(raw: string): Promise<string> {
  if (
    typeof raw !== 'string' ||
    raw.length === 0 ||
    raw.length > MAX_PATH_CHARS ||
    raw.includes('\0') ||
    !isAbsolute(raw)
  ) {
    throw appError('invalid_argument', 'errors:files.cannotOpen');
  }
  try {
    return await realpath(resolve(raw));
  } catch {
    throw appError('not_found', 'errors:files.notFound', { name: safeName(raw) });
  }
}

/** "“name” is not an audio file / an image / a video." by the kind asked for. */
const NOT_KIND = {
  audio: 'errors:files.notAudio',
  image: 'errors:files.notImage',
  video: 'errors:files.notVideo',
} as const;

async function checkKind(
  path: string,
  ext: string,
  kind: FileKind,
  shownName: string,
): Promise<{ mimeType: string; sizeBytes: number }> {
  if (!Object.hasOwn(EXTENSIONS, kind))
    throw appError('invalid_argument', 'errors:files.unknownKind');
  const notWanted = () =>
    appError('invalid_argument', NOT_KIND[kind as keyof typeof NOT_KIND], { name: shownName });
  if (!EXTENSIONS[kind].includes(ext)) throw notWanted();
  // Opened once: the descriptor is checked to be a regular file, and its bytes are sniffed.
  const fh = await openRegularFile(path);
  let head: Buffer;
  let sizeBytes: number;
  try {
    sizeBytes = (await fh.stat()).size;
    head = Buffer.alloc(SNIFF_BYTES);
    const { bytesRead } = await fh.read(head, 0, SNIFF_BYTES, 0);
    head = head.subarray(0, bytesRead);
  } catch {
    throw appError('io', 'errors:files.unreadable', { name: shownName });
  } finally {
    await fh.close();
  }
  const sniffed = sniffContent(head);
  const containerOk =
    kind === 'audio' && sniffed?.kind === 'video' && ['mp4', 'm4a', 'webm'].includes(ext);
  if (!sniffed || (sniffed.kind !== kind && !containerOk)) {
    throw notWanted();
  }
  return { mimeType: containerOk ? mimeTypeOf(ext) : sniffed.mimeType, sizeBytes };
}
