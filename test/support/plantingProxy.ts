// A stand-in for a vendor whose team put people's identifiers in client_user_id: an HTTP proxy on
// 127.0.0.1 in front of a (vendor-shaped) sandbox that shows the first users' client_user_id as the
// planted identifiers (e-mail, phone, name, record number…) and maps them back in request paths.
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface PlantingProxy {
  url: string;
  /** Planted identifier → the sandbox's own client_user_id. */
  planted: Map<string, string>;
  close(): Promise<void>;
}

function replaceClientIds(value: unknown, toPlanted: ReadonlyMap<string, string>): unknown {
  if (Array.isArray(value)) return value.map((item) => replaceClientIds(item, toPlanted));
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [key, key === 'client_user_id' && typeof item === 'string' ? (toPlanted.get(item) ?? item) : replaceClientIds(item, toPlanted)]),
  );
}

async function bodyOf(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** `identifiers[i]` becomes the client_user_id of the sandbox's i-th user. */
export async function plantingProxy(sandbox: { url: string; apiKey: string; apiKeyHeader: string }, identifiers: readonly string[]): Promise<PlantingProxy> {
  const first = await fetch(`${sandbox.url}/v2/user?offset=0&limit=${identifiers.length}`, { headers: { [sandbox.apiKeyHeader]: sandbox.apiKey } });
  const users = ((await first.json()) as { users: { client_user_id: string }[] }).users;
  const toPlanted = new Map(users.map((user, index) => [user.client_user_id, identifiers[index]!]));
  const planted = new Map([...toPlanted].map(([own, identifier]) => [identifier, own]));
  let origin = '';
  const server = createServer((request, response) => {
    void (async () => {
      const [path = '', query] = (request.url ?? '/').split('?');
      const ownPath = path
        .split('/')
        .map((segment) => {
          const decoded = decodeURIComponent(segment);
          return planted.has(decoded) ? encodeURIComponent(planted.get(decoded)!) : segment;
        })
        .join('/');
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(request.headers)) if (typeof value === 'string' && name !== 'host' && name !== 'content-length') headers[name] = value;
      const body = request.method === 'POST' ? await bodyOf(request) : undefined;
      const answer = await fetch(`${sandbox.url}${ownPath}${query !== undefined ? `?${query}` : ''}`, { method: request.method ?? 'GET', headers, ...(body ? { body } : {}), redirect: 'manual' });
      const text = await answer.text();
      const location = answer.headers.get('location');
      const out = (answer.headers.get('content-type') ?? '').includes('json') && text !== '' ? JSON.stringify(replaceClientIds(JSON.parse(text), toPlanted)) : text;
      response.writeHead(answer.status, {
        'content-type': answer.headers.get('content-type') ?? 'application/json',
        ...(location ? { location: location.replace(sandbox.url, origin) } : {}),
      });
      response.end(out);
    })().catch((error: unknown) => {
      response.writeHead(500, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ detail: String(error) }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: origin,
    planted,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
