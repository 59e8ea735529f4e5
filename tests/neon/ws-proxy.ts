/**
 * A WebSocket-to-TCP proxy for tests, speaking what Neon's `wsproxy` speaks: a WebSocket opened
 * on `/v2?address=host:port` carries the PostgreSQL wire protocol, each binary message a chunk
 * of the TCP stream, in both directions. It lets `@neondatabase/serverless` (the production
 * driver) run against a plain PostgreSQL server. Tests can cut every connection at once, or stop
 * and restart the proxy on the same port, to see what a request does when the network drops.
 *
 * Loopback only, and only to the addresses it was started with: it is never an open relay.
 */
import { createConnection, type Socket } from 'node:net';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';

export interface WsProxyOptions {
  /** `host:port` pairs a client may ask for (e.g. the test server's `127.0.0.1:5432`). */
  allow: string[];
  /** Port to listen on (127.0.0.1); a free one when omitted. */
  port?: number | undefined;
}

export interface WsProxy {
  /** The port it listens on (kept across `stop()`/`start()`). */
  readonly port: number;
  /** Connections opened through it since it was created (WebSocket upgrades accepted). */
  readonly opened: number;
  /** Connections open right now. */
  readonly open: number;
  /** Tears down every open connection at once, as a network drop would (no goodbye on either side). */
  dropConnections(): void;
  /**
   * Stops carrying bytes, both ways, on every connection, open or new, while keeping them open:
   * a frozen network or server. Bytes are held, in order, until `thaw()`.
   */
  freeze(): void;
  /** Carries the held bytes and forwards again. */
  thaw(): void;
  /** Drops every connection and stops listening: new connections are refused. */
  stop(): Promise<void>;
  /** Listens again on the same port. */
  start(): Promise<void>;
}

interface Pair {
  ws: WebSocket;
  tcp: Socket;
  /** Bytes held while frozen: to the server (`up`) and to the client (`down`). */
  up: Buffer[];
  down: Buffer[];
}

function toBuffer(data: RawData): Buffer {
  if (Buffer.isBuffer(data)) return data;
  if (Array.isArray(data)) return Buffer.concat(data);
  return Buffer.from(data);
}

/** Starts the proxy on 127.0.0.1. */
export async function startWsProxy(opts: WsProxyOptions): Promise<WsProxy> {
  const allowed = new Set(opts.allow);
  const pairs = new Set<Pair>();
  let opened = 0;
  let frozen = false;
  let server: WebSocketServer | undefined;
  let port = opts.port ?? 0;

  function onConnection(ws: WebSocket, address: string) {
    const colon = address.lastIndexOf(':');
    const tcp = createConnection({ host: address.slice(0, colon), port: Number(address.slice(colon + 1)) });
    const pair: Pair = { ws, tcp, up: [], down: [] };
    pairs.add(pair);
    opened += 1;
    // Writes made while the socket is still connecting are queued by node:net, in order.
    ws.on('message', (data) => {
      if (frozen) pair.up.push(toBuffer(data));
      else tcp.write(toBuffer(data));
    });
    ws.on('close', () => {
      pairs.delete(pair);
      tcp.destroy();
    });
    ws.on('error', () => tcp.destroy());
    tcp.on('data', (chunk) => {
      if (frozen) pair.down.push(chunk);
      else if (ws.readyState === ws.OPEN) ws.send(chunk);
    });
    tcp.on('close', () => {
      pairs.delete(pair);
      if (ws.readyState === ws.OPEN || ws.readyState === ws.CONNECTING) ws.close();
    });
    tcp.on('error', () => ws.terminate());
  }

  async function start(): Promise<void> {
    if (server) return;
    const wss = new WebSocketServer({
      host: '127.0.0.1',
      port,
      // Refuse, before the upgrade, any target but the allowed ones.
      verifyClient: ({ req }, done) => {
        const address = new URL(req.url ?? '/', 'http://proxy').searchParams.get('address') ?? '';
        if (allowed.has(address)) done(true);
        else done(false, 403, 'address not allowed');
      },
    });
    wss.on('connection', (ws, req) => {
      onConnection(ws, new URL(req.url ?? '/', 'http://proxy').searchParams.get('address') ?? '');
    });
    await new Promise<void>((resolve, reject) => {
      wss.once('listening', resolve);
      wss.once('error', reject);
    });
    const address = wss.address();
    if (typeof address === 'object' && address) port = address.port;
    server = wss;
  }

  function dropConnections() {
    for (const { ws, tcp } of pairs) {
      ws.terminate();
      tcp.destroy();
    }
    pairs.clear();
  }

  function thaw() {
    frozen = false;
    for (const pair of pairs) {
      for (const chunk of pair.up.splice(0)) pair.tcp.write(chunk);
      for (const chunk of pair.down.splice(0)) if (pair.ws.readyState === pair.ws.OPEN) pair.ws.send(chunk);
    }
  }

  async function stop(): Promise<void> {
    const wss = server;
    server = undefined;
    dropConnections();
    if (wss) await new Promise<void>((resolve) => wss.close(() => resolve()));
  }

  await start();
  return {
    get port() {
      return port;
    },
    get opened() {
      return opened;
    },
    get open() {
      return pairs.size;
    },
    dropConnections,
    freeze: () => {
      frozen = true;
    },
    thaw,
    stop,
    start,
  };
}
