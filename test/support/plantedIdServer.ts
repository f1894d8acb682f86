// A stand-in for the vendor's service whose users' client_user_id are what careless teams put there —
// an e-mail address, a phone number, a name, a record number — in front of the vendor-shaped sandbox:
// every request is forwarded (a resolve of a planted id as the user's own), every JSON answer comes
// back with the users' client_user_id replaced by the planted ones, in the order users are first seen.
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { SandboxHandle } from '../../src/sandbox/server';

export const PLANTED_CLIENT_USER_IDS = ['maria.garcia@example.com', '+1-415-555-0142', 'Maria Garcia', 'MRN0012345678'] as const;

export interface PlantedIdServer {
  readonly url: string;
  close(): Promise<void>;
  /** The real client_user_id behind each planted one (known once the user was seen). */
  readonly planted: ReadonlyMap<string, string>;
}

export async function plantedIdServer(sandbox: SandboxHandle): Promise<PlantedIdServer> {
  const plantedOf = new Map<string, string>();
  const realOf = new Map<string, string>();
  const plant = (real: string): string => {
    let planted = plantedOf.get(real);
    if (planted === undefined) {
      planted = PLANTED_CLIENT_USER_IDS[plantedOf.size] ?? real;
      plantedOf.set(real, planted);
      realOf.set(planted, real);
    }
    return planted;
  };
  const rewrite = (value: unknown, key: string): unknown => {
    if (typeof value === 'string') return key === 'client_user_id' ? plant(value) : value;
    if (Array.isArray(value)) return value.map((item) => rewrite(item, key));
    if (typeof value === 'object' && value !== null) return Object.fromEntries(Object.entries(value).map(([field, item]) => [field, rewrite(item, field)]));
    return value;
  };
  const target = new URL(sandbox.url);
  const answer = (incoming: IncomingMessage, response: ServerResponse, sent: Buffer): void => {
    let path = incoming.url ?? '/';
    const resolve = /^\/v2\/user\/resolve\/([^/?]+)(.*)$/.exec(path);
    if (resolve) {
      const asked = decodeURIComponent(resolve[1]!);
      path = `/v2/user/resolve/${encodeURIComponent(realOf.get(asked) ?? asked)}${resolve[2]}`;
    }
    const forwarded = httpRequest({ host: target.hostname, port: target.port, method: incoming.method, path, headers: incoming.headers }, (reply) => {
      const chunks: Buffer[] = [];
      reply.on('data', (chunk: Buffer) => chunks.push(chunk));
      reply.on('end', () => {
        let text = Buffer.concat(chunks).toString('utf8');
        if ((reply.headers['content-type'] ?? '').includes('json') && text !== '') text = JSON.stringify(rewrite(JSON.parse(text), ''));
        const headers: Record<string, string> = { 'content-type': reply.headers['content-type'] ?? 'application/json' };
        if (reply.headers.location) headers.location = reply.headers.location;
        response.writeHead(reply.statusCode ?? 502, headers);
        response.end(text);
      });
    });
    forwarded.on('error', () => response.destroy());
    forwarded.end(sent);
  };
  const server = createServer((incoming, response) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => answer(incoming, response, Buffer.concat(chunks)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    planted: realOf,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
