/**
 * A media answer that has no end yet (a song still streaming in: main's handler answers it with a
 * body that follows the song and no `Content-Length`) cannot be handed to Chromium by the DevTools
 * `Fetch` domain, which fulfils from a whole buffer. So such an answer is served by a loopback
 * HTTP server in the double's own process, piece by piece as the handler's body yields them, and
 * the paused request goes on there (`Fetch.continueRequest` with a new URL, which the page does
 * not see): Chromium receives the song's bytes as main produces them, as it would from Electron's
 * stream. See MEDIA.md, "Streaming, as modelled".
 */
import { createServer, type Server } from 'node:http';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';

interface Pending {
  status: number;
  headers: Record<string, string>;
  body: ReadableStream<Uint8Array>;
  /** Bytes handed to the page so far. */
  onBytes(count: number): void;
}

let server: Server | null = null;
let ready: Promise<number> | null = null;
const pending = new Map<string, Pending>();

function start(): Promise<number> {
  ready ??= new Promise<number>((resolve, reject) => {
    server = createServer((req, res) => {
      const token = (req.url ?? '').slice(1);
      const answer = pending.get(token);
      pending.delete(token);
      if (!answer) {
        res.writeHead(404).end();
        return;
      }
      res.writeHead(answer.status, answer.headers);
      const reader = answer.body.getReader();
      let closed = false;
      res.on('close', () => {
        closed = true;
        // Chromium dropped the request: Electron cancels the handler's stream then too
        void reader.cancel().catch(() => undefined);
      });
      void (async () => {
        try {
          for (;;) {
            const { done, value } = await reader.read();
            if (done || closed) break;
            answer.onBytes(value.byteLength);
            if (!res.write(Buffer.from(value)))
              await new Promise<void>((ok) => {
                res.once('drain', ok);
                res.once('close', ok);
              });
          }
        } catch {
          // the handler's stream failed: the answer ends there
        }
        res.end();
      })();
    });
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve((server!.address() as AddressInfo).port));
  });
  return ready;
}

/** Where Chromium fetches `answer` from, once, as it streams. */
export async function serveLive(answer: Pending): Promise<string> {
  const port = await start();
  const token = randomBytes(16).toString('hex');
  pending.set(token, answer);
  return `http://127.0.0.1:${port}/${token}`;
}
