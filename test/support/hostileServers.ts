// Misbehaving servers on 127.0.0.1 for the client's hardening tests: an HTTP server whose every
// answer is scripted, and a raw TCP server for what node:http cannot produce (silence, resets,
// trickles, bytes that are not HTTP). Both count the requests they receive.
import { createServer as createHttpServer } from 'node:http';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { createServer as createNetServer } from 'node:net';
import type { AddressInfo, Server, Socket } from 'node:net';

export interface ReceivedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
}

export interface HostileServer {
  readonly url: string;
  /** Every request received so far, in order. */
  readonly requests: ReceivedRequest[];
  close(): Promise<void>;
}

/** `respond` gets the 1-based number of the request, to script sequences (fail, then succeed). */
export type Responder = (request: IncomingMessage, response: ServerResponse, count: number) => void;

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

export async function scriptedHttpServer(respond: Responder): Promise<HostileServer> {
  const requests: ReceivedRequest[] = [];
  const server = createHttpServer((request, response) => {
    requests.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers });
    request.resume();
    respond(request, response, requests.length);
  });
  const url = await listen(server);
  return {
    url,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * A TCP server that reads each request head and hands the socket to `onRequest`, which may answer
 * anything (or nothing). Sockets still open at close() are destroyed.
 */
export async function rawServer(onRequest: (socket: Socket, count: number) => void): Promise<HostileServer> {
  const requests: ReceivedRequest[] = [];
  const sockets = new Set<Socket>();
  const server = createNetServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    let buffered = '';
    socket.on('data', (chunk: Buffer) => {
      buffered += chunk.toString('latin1');
      let end: number;
      while ((end = buffered.indexOf('\r\n\r\n')) >= 0) {
        const head = buffered.slice(0, end);
        buffered = buffered.slice(end + 4);
        requests.push(parseHead(head));
        onRequest(socket, requests.length);
      }
    });
  });
  const url = await listen(server);
  return {
    url,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

function parseHead(head: string): ReceivedRequest {
  const [requestLine = '', ...lines] = head.split('\r\n');
  const [method = '', url = ''] = requestLine.split(' ');
  const headers: IncomingHttpHeaders = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { method, url, headers };
}

/** Writes `byte` every `everyMs` until the socket closes: a response that never completes. */
export function trickle(socket: Socket, byte: string, everyMs: number): void {
  const timer = setInterval(() => {
    if (socket.destroyed) clearInterval(timer);
    else socket.write(byte);
  }, everyMs);
  socket.once('close', () => clearInterval(timer));
}

export function sendJson(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(text);
}
