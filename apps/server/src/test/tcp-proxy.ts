import net, { type AddressInfo } from 'node:net';

const defaultPort = (protocol: string) => (protocol.startsWith('redis') ? 6379 : 5432);

/**
 * A TCP proxy in front of a dependency (Redis, PostgreSQL) that a test can take down and bring back,
 * as a restart would: every connection is cut, and while it is down each new one is closed as soon as
 * it opens. It keeps its port throughout, so nothing else can take it meanwhile. Only the app under
 * test goes through it: other tests sharing the same server are not disturbed.
 */
export async function createTcpProxy(targetUrl: string) {
  const parsed = new URL(targetUrl);
  const target = { host: parsed.hostname, port: Number(parsed.port || defaultPort(parsed.protocol)) };
  const sockets = new Set<net.Socket>();
  let accepting = true;

  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  };
  const cut = () => {
    for (const socket of sockets) socket.destroy();
  };

  const server = net.createServer((client) => {
    if (!accepting) {
      client.on('error', () => undefined);
      client.destroy();
      return;
    }
    const upstream = net.connect(target.port, target.host);
    track(client);
    track(upstream);
    client.pipe(upstream).pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return {
    /** The same address (credentials, database, options) through the proxy. */
    through(url: string) {
      const proxied = new URL(url);
      proxied.hostname = '127.0.0.1';
      proxied.port = String(port);
      return proxied.toString();
    },
    /** Cuts every open connection and keeps accepting new ones. */
    cut,
    /** Cuts every connection and closes new ones at once, until `up`. */
    down() {
      accepting = false;
      cut();
    },
    up() {
      accepting = true;
    },
    async close() {
      accepting = false;
      cut();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type TcpProxy = Awaited<ReturnType<typeof createTcpProxy>>;
