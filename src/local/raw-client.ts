/**
 * A raw HTTP/1.1 client over node:net for tests that send what `fetch` refuses to: TRACE and
 * CONNECT, bad header bytes, absurd targets, conflicting framing, pipelined keep-alive requests.
 */
import { connect, type Socket } from 'node:net';

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Parses one response from the front of `buf`; null until it is complete. */
function parseOne(buf: Buffer): { response: RawResponse; rest: Buffer } | null {
  const headEnd = buf.indexOf('\r\n\r\n');
  if (headEnd < 0) return null;
  const [statusLine = '', ...lines] = buf.subarray(0, headEnd).toString('latin1').split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const status = Number(statusLine.split(' ')[1]);
  let rest = buf.subarray(headEnd + 4);
  if (headers['transfer-encoding']?.includes('chunked')) {
    const parts: Buffer[] = [];
    for (;;) {
      const lineEnd = rest.indexOf('\r\n');
      if (lineEnd < 0) return null;
      const size = parseInt(rest.subarray(0, lineEnd).toString('latin1'), 16);
      if (rest.length < lineEnd + 2 + size + 2) return null;
      if (size === 0) {
        rest = rest.subarray(lineEnd + 4);
        break;
      }
      parts.push(rest.subarray(lineEnd + 2, lineEnd + 2 + size));
      rest = rest.subarray(lineEnd + 2 + size + 2);
    }
    return { response: { status, headers, body: Buffer.concat(parts).toString('utf8') }, rest };
  }
  const length = Number(headers['content-length'] ?? 0);
  if (rest.length < length) return null;
  return {
    response: { status, headers, body: rest.subarray(0, length).toString('utf8') },
    rest: rest.subarray(length),
  };
}

/** A connection that reads responses one at a time. */
export class RawConnection {
  private buf: Buffer = Buffer.alloc(0);
  private waiting: (() => void) | null = null;
  closed = false;

  private constructor(readonly socket: Socket) {
    socket.on('data', (chunk: Buffer) => {
      this.buf = Buffer.concat([this.buf, chunk]);
      this.waiting?.();
    });
    const onClose = () => {
      this.closed = true;
      this.waiting?.();
    };
    socket.on('close', onClose);
    socket.on('end', onClose);
    socket.on('error', onClose);
  }

  static open(port: number): Promise<RawConnection> {
    return new Promise((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => resolve(new RawConnection(socket)));
      socket.once('error', reject);
    });
  }

  /** Writes bytes; resolves once they are handed to the OS (or the socket died). */
  write(data: string | Buffer): Promise<void> {
    return new Promise((resolve) => {
      if (this.socket.destroyed) return resolve();
      this.socket.write(data, () => resolve());
    });
  }

  /** The next complete response, or null if the connection closes (or `timeoutMs` passes) first. */
  async read(timeoutMs = 5_000): Promise<RawResponse | null> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const parsed = parseOne(this.buf);
      if (parsed) {
        this.buf = parsed.rest;
        return parsed.response;
      }
      if (this.closed || Date.now() >= deadline) return null;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, deadline - Date.now());
        this.waiting = () => {
          clearTimeout(timer);
          this.waiting = null;
          resolve();
        };
      });
    }
  }

  close(): void {
    this.socket.destroy();
  }
}

/** Sends `data` on a fresh connection and reads one response. */
export async function rawRequest(
  port: number,
  data: string | Buffer,
  timeoutMs = 5_000,
): Promise<RawResponse | null> {
  const conn = await RawConnection.open(port);
  try {
    await conn.write(data);
    return await conn.read(timeoutMs);
  } finally {
    conn.close();
  }
}
