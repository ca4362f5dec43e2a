/** An upload's progress as the window is told it: the job, and bytes sent of the total. */
export interface JobUploadProgress {
  jobId: string;
  bytesSent: number;
  totalBytes: number;
}

const PROGRESS_EVERY_MS = 100;

/**
 * The `onProgress` of a submission that uploads (covers, clones): at most one event every 100 ms,
 * the last one always; none until the job has its id (`jobId()` answers '' before).
 */
export function throttledUploadProgress(
  jobId: () => string,
  emit: (event: JobUploadProgress) => void,
): (p: { bytesSent: number; totalBytes: number }) => void {
  let lastMs = 0;
  return (p) => {
    const now = Date.now();
    if (now - lastMs < PROGRESS_EVERY_MS && p.bytesSent < p.totalBytes) return;
    lastMs = now;
    const id = jobId();
    if (id) emit({ jobId: id, bytesSent: p.bytesSent, totalBytes: p.totalBytes });
  };
}
