/**
 * A local HTTP server in its own process for tests where client and server must not share an
 * event loop (TCP resets only show up then). Answers every request without reading its body,
 * like logout, and prints its port on stdout.
 */
import type { AddressInfo } from 'node:net';
import { createLocalHttpServer } from '../../src/local/http-server';

const server = createLocalHttpServer(async () => Response.json({ ignored: true }), {
  origin: 'http://127.0.0.1',
});
server.listen(0, '127.0.0.1', () => {
  console.log(`port ${(server.address() as AddressInfo).port}`);
});
process.on('SIGTERM', () => process.exit(0));
