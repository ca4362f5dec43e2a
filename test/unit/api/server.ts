import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A tiny local HTTP server for unit tests of the client: records requests, answers by handler. */
export interface SeenRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

export type Handler = (req: SeenRequest, res: ServerResponse, raw: IncomingMessage) => unknown;

export interface TestServer {
  url: string;
  seen: SeenRequest[];
  handle(h: Handler): void;
  close(): Promise<void>;
}

export async function startServer(initial?: Handler): Promise<TestServer> {
  let handler: Handler = initial ?? ((_req, res) => json(res, 404, { detail: 'Not Found' }));
  const seen: SeenRequest[] = [];
  const server = createServer((raw, res) => {
    const chunks: Buffer[] = [];
    raw.on('data', (c: Buffer) => chunks.push(c));
    raw.on('error', () => undefined);
    raw.on('end', () => {
      const u = new URL(raw.url ?? '/', 'http://x');
      const req: SeenRequest = {
        method: raw.method ?? 'GET',
        path: u.pathname,
        query: Object.fromEntries(u.searchParams),
        headers: raw.headers,
        body: Buffer.concat(chunks),
      };
      seen.push(req);
      void Promise.resolve(handler(req, res, raw)).catch(() => res.destroy());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    handle(h) {
      handler = h;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function json(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
}

export const ok = (res: ServerResponse, data: unknown): void =>
  json(res, 200, { status: 200, message: 'Success', data });
