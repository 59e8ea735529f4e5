/**
 * The local runtime's HTTP server (`npm start`, the socket tests): every request goes through
 * `serveNodeRequest`, and the requests Node's parser handles by itself (CONNECT, malformed
 * bytes) get the documented JSON error body too, so no request of any shape crashes the process.
 */
import { createServer, type Server } from 'node:http';
import { answerClientError, refuseConnect, serveNodeRequest, type ServeOptions } from './node-http';

export function createLocalHttpServer(
  handle: (request: Request, clientIp: string) => Promise<Response>,
  opts: ServeOptions,
): Server {
  const server = createServer((req, res) => {
    void serveNodeRequest(req, res, handle, opts);
  });
  server.on('connect', refuseConnect);
  server.on('clientError', answerClientError);
  // Longer than the 60 s idle timeout of common proxies and load balancers.
  server.keepAliveTimeout = 65_000;
  return server;
}
