/**
 * Serves an embedded PGlite database over the PostgreSQL wire protocol on a loopback port, so
 * that several connections (the site's pool, the batch queue's workers, a worker in another
 * process) share it. PGlite itself is one single-user backend: this server puts every
 * connection's messages in one queue and runs them one at a time on it, using
 * `@electric-sql/pglite-socket`'s connection handler for the wire protocol.
 *
 * The queue is ours rather than pglite-socket's own server, because that one only keeps a
 * connection's transaction together: between the messages of one extended-protocol query
 * (Parse, Bind, Execute ... Sync) it lets another connection's messages in, and the two then
 * share the backend's unnamed statement and portal: a Bind can run another connection's
 * statement (the batch tests failed under load with "bind message supplies 1 parameters, but prepared statement
 * requires 22"). This queue gives the backend to one connection from its first extended-protocol
 * message to its Sync, and for as long as that connection has a transaction open.
 *
 * Every connection of a process must go through the server once it runs: a second, in-process
 * connection to the same PGlite would bypass that scheduling.
 *
 * LISTEN/NOTIFY: the single backend holds every connection's LISTENs, and it writes a
 * notification (NotificationResponse) into the output of whichever connection's query committed
 * the NOTIFY. The queue copies those messages to the connections that have run a LISTEN, so the
 * batch queue's workers hear of new entries at once (graphile-worker LISTENs on `jobs:insert`)
 * instead of on their next poll.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { createServer, type AddressInfo, type Socket } from 'node:net';
import { dirname, resolve } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';

export interface PgliteServer {
  /** `postgres://` URL of the server (loopback, no TLS). */
  url: string;
  /** Stops the server and closes the database. */
  close: () => Promise<void>;
}

interface Queued {
  handlerId: number;
  message: Uint8Array;
  onData: (data: Uint8Array) => void;
  resolve: (size: number) => void;
  reject: (error: Error) => void;
}

/** Extended-protocol messages that leave a query open until the Sync: Parse, Bind, Describe, Execute, Close, Flush. */
const OPENS = new Set([0x50, 0x42, 0x44, 0x45, 0x43, 0x48]);
/** Messages that end a query: Sync, simple Query. */
const ENDS = new Set([0x53, 0x51]);
const SYNC = new Uint8Array([0x53, 0, 0, 0, 4]);
/** NotificationResponse: the backend's message for a NOTIFY on a channel this session LISTENs on. */
const NOTIFICATION = 0x41;
const QUERY = 0x51;

/** Whether a simple Query message runs a LISTEN (not only UNLISTEN). */
function runsListen(message: Uint8Array): boolean {
  if (message[0] !== QUERY) return false;
  const text = new TextDecoder().decode(message.subarray(5));
  return /(^|[^a-z_])listen\s/i.test(text);
}

/** The NotificationResponse messages in a stretch of backend output (whole messages only). */
export function notificationsIn(output: Uint8Array): Uint8Array[] {
  const found: Uint8Array[] = [];
  const view = new DataView(output.buffer, output.byteOffset, output.byteLength);
  for (let at = 0; at + 5 <= output.length;) {
    const length = view.getInt32(at + 1);
    if (length < 4 || at + 1 + length > output.length) break;
    if (output[at] === NOTIFICATION) found.push(output.slice(at, at + 1 + length));
    at += 1 + length;
  }
  return found;
}

/** The message queue pglite-socket's handlers feed (the interface of its own QueryQueueManager). */
export class ExclusiveQueryQueue {
  private queue: Queued[] = [];
  private processing = false;
  /** The connection the backend belongs to (mid-query or in a transaction), or null. */
  private owner: number | null = null;
  private openQuery = false;
  private closed = false;
  /** Connections that have run a LISTEN: where notifications are copied to. */
  private readonly listeners = new Map<number, (data: Uint8Array) => void>();

  constructor(private readonly db: PGlite) {}

  enqueue(handlerId: number, message: Uint8Array, onData: (data: Uint8Array) => void): Promise<number> {
    return new Promise((resolve, reject) => {
      if (this.closed) return reject(new Error('Database closed'));
      this.queue.push({ handlerId, message, onData, resolve, reject });
      void this.process();
    });
  }

  /** Refuses everything from now on (the database is about to close). */
  close(): void {
    this.closed = true;
    for (const q of this.queue.splice(0)) q.reject(new Error('Database closed'));
  }

  private next(): Queued | undefined {
    if (this.closed) return undefined;
    if (this.owner === null) return this.queue.shift();
    const i = this.queue.findIndex((q) => q.handlerId === this.owner);
    return i < 0 ? undefined : this.queue.splice(i, 1)[0];
  }

  private async process(): Promise<void> {
    if (this.processing) return;
    this.processing = true;
    try {
      for (let item = this.next(); item; item = this.next()) {
        let size = 0;
        const current = item;
        const output: Uint8Array[] = [];
        try {
          await this.db.runExclusive(() =>
            this.db.execProtocolRawStream(current.message, {
              onRawData: (data) => {
                size += data.length;
                if (this.listeners.size > 0) output.push(data.slice());
                current.onData(data);
              },
            }),
          );
        } catch (error) {
          current.reject(error as Error);
          continue;
        }
        if (runsListen(current.message)) this.listeners.set(current.handlerId, current.onData);
        if (output.length > 0) this.forwardNotifications(current.handlerId, output);
        const type = current.message[0] ?? 0;
        if (OPENS.has(type)) this.openQuery = true;
        else if (ENDS.has(type)) this.openQuery = false;
        this.owner = this.openQuery || this.db.isInTransaction() ? current.handlerId : null;
        current.resolve(size);
      }
    } finally {
      this.processing = false;
    }
  }

  /** Copies the notifications in one query's output to the other listening connections. */
  private forwardNotifications(from: number, output: Uint8Array[]): void {
    const joined = output.length === 1 ? output[0]! : Buffer.concat(output);
    if (!joined.includes(NOTIFICATION)) return;
    for (const message of notificationsIn(joined)) {
      for (const [handlerId, send] of this.listeners) {
        if (handlerId === from) continue;
        try {
          send(message);
        } catch {
          this.listeners.delete(handlerId);
        }
      }
    }
  }

  getQueueLength(): number {
    return this.queue.length;
  }

  clearQueueForHandler(handlerId: number): void {
    this.listeners.delete(handlerId);
    this.queue = this.queue.filter((q) => {
      if (q.handlerId !== handlerId) return true;
      q.reject(new Error('Handler disconnected'));
      return false;
    });
  }

  /** A connection that went away while it owned the backend: end its query, roll back its transaction. */
  async clearTransactionIfNeeded(handlerId: number): Promise<void> {
    if (this.closed || this.owner !== handlerId) return;
    if (this.openQuery) await this.db.runExclusive(() => this.db.execProtocolRaw(SYNC));
    // `exec` takes PGlite's own locks (it must not run inside `runExclusive`).
    if (this.db.isInTransaction()) await this.db.exec('ROLLBACK');
    this.openQuery = false;
    this.owner = null;
    void this.process();
  }
}

const SSL_REQUEST = 80877103;
const PROTOCOL_3 = 196608;
/** Time a connection has to authenticate. */
const AUTH_TIMEOUT_MS = 10_000;

/** A backend message: type byte, then its length (itself included) and body. */
function backendMessage(type: string, body: Buffer): Buffer {
  const head = Buffer.alloc(5);
  head.write(type, 0, 'latin1');
  head.writeInt32BE(body.length + 4, 1);
  return Buffer.concat([head, body]);
}

/** FATAL 28P01 invalid_password, as PostgreSQL words it. */
function passwordFailed(user: string): Buffer {
  const field = (code: string, value: string) =>
    Buffer.concat([Buffer.from(code, 'latin1'), Buffer.from(value, 'utf8'), Buffer.from([0])]);
  return backendMessage(
    'E',
    Buffer.concat([
      field('S', 'FATAL'),
      field('V', 'FATAL'),
      field('C', '28P01'),
      field('M', `password authentication failed for user "${user}"`),
      Buffer.from([0]),
    ]),
  );
}

const sameSecret = (a: string, b: string) =>
  timingSafeEqual(createHash('sha256').update(a).digest(), createHash('sha256').update(b).digest());

/**
 * The password exchange of a new connection, before PGlite sees it: answers an SSLRequest with
 * "no", asks for the password (cleartext: the connection never leaves the loopback interface)
 * and checks it. Resolves with the client's startup message; a wrong password gets 28P01 and
 * the connection is closed (rejects).
 */
export function authenticate(socket: Socket, password: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    let buffered = Buffer.alloc(0);
    let startup: Buffer | null = null;
    let user = '';
    const timer = setTimeout(() => fail(new Error('authentication timed out')), AUTH_TIMEOUT_MS);
    const finish = () => {
      clearTimeout(timer);
      socket.off('data', onData);
      socket.off('error', fail);
      socket.off('close', onClose);
    };
    function fail(error: Error) {
      finish();
      reject(error);
    }
    const onClose = () => fail(new Error('closed during authentication'));
    function onData(chunk: Buffer) {
      buffered = Buffer.concat([buffered, chunk]);
      for (;;) {
        if (!startup) {
          if (buffered.length < 8) return;
          const length = buffered.readInt32BE(0);
          if (length < 8 || length > 10_000) return fail(new Error('bad startup message'));
          if (buffered.length < length) return;
          const code = buffered.readInt32BE(4);
          const message = buffered.subarray(0, length);
          buffered = buffered.subarray(length);
          if (code === SSL_REQUEST) {
            socket.write('N');
            continue;
          }
          if (code !== PROTOCOL_3) return fail(new Error('unsupported startup request'));
          startup = Buffer.from(message);
          const params = message.subarray(8).toString('utf8').split('\u0000');
          user = params[params.indexOf('user') + 1] ?? '';
          // AuthenticationCleartextPassword.
          const ask = Buffer.alloc(4);
          ask.writeInt32BE(3, 0);
          socket.write(backendMessage('R', ask));
          continue;
        }
        if (buffered.length < 5) return;
        const length = buffered.readInt32BE(1);
        if (buffered[0] !== 0x70 || length < 5 || length > 10_000)
          return fail(new Error('expected a password message'));
        if (buffered.length < length + 1) return;
        const given = buffered.subarray(5, length + 1).toString('utf8');
        // The message ends with the string's NUL terminator.
        const typed = given.endsWith('\u0000') ? given.slice(0, -1) : given;
        const opened = startup;
        finish();
        // Held until the connection handler listens (the client sends nothing before it is answered).
        socket.pause();
        if (!sameSecret(typed, password)) {
          socket.end(passwordFailed(user));
          reject(new Error('wrong password'));
          return;
        }
        resolve(opened);
        return;
      }
    }
    socket.on('data', onData);
    socket.on('error', fail);
    socket.on('close', onClose);
  });
}

/**
 * Opens PGlite in `dataDir` (`memory://` for a throwaway one; `loadDataDir` to start from a
 * dumped data folder) and serves it on 127.0.0.1 to connections that give the random password
 * of this start (in `url`, which only this process knows).
 */
export async function servePglite(
  dataDir: string,
  { port = 0, loadDataDir }: { port?: number; loadDataDir?: Blob } = {},
): Promise<PgliteServer> {
  const [{ PGlite }, { PGLiteSocketHandler }, { vector }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite-socket'),
    import('@electric-sql/pglite-pgvector'),
  ]);
  if (!dataDir.includes('://')) mkdirSync(dirname(resolve(dataDir)), { recursive: true });
  // The same extensions as the in-process embedded database (client.ts): pgvector for similar-image search.
  const db = await PGlite.create(dataDir, {
    extensions: { vector },
    ...(loadDataDir ? { loadDataDir } : {}),
  });
  const queue = new ExclusiveQueryQueue(db);
  const sockets = new Set<Socket>();
  // Any local process could otherwise connect (PGlite trusts every startup): a random password
  // of this start, known only to this process through `url`.
  const password = randomBytes(24).toString('base64url');
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    authenticate(socket, password).then(
      async (startup) => {
        const handler = new PGLiteSocketHandler({ queryQueue: queue as never, closeOnDetach: true });
        await handler.attach(socket);
        socket.resume();
        // The startup message, held back until the password matched, now opens the session:
        // PGlite answers it with AuthenticationOk and ReadyForQuery, as the client expects.
        await (handler as unknown as { handleData(data: Buffer): Promise<number> }).handleData(startup);
      },
      () => socket.destroy(),
    );
  });
  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(port, '127.0.0.1', () => done());
  });
  const address = server.address() as AddressInfo;
  return {
    url: `postgres://postgres:${password}@127.0.0.1:${address.port}/postgres?sslmode=disable`,
    close: async () => {
      queue.close();
      const closed = new Promise<void>((done) => server.close(() => done()));
      for (const socket of sockets) socket.destroy();
      await closed;
      await db.close();
    },
  };
}
