// A loopback TCP proxy that holds every chunk for `oneWayMs` in each direction, so a page behind
// it sees a phone network's round trip (2 × oneWayMs) with no bandwidth limit. Chromium's own
// network emulation does not reach a service worker's fetches; this does.
import net from 'node:net';

export interface LatencyProxy {
  url: string;
  close(): Promise<void>;
}

export async function startLatencyProxy(
  targetPort: number,
  oneWayMs: number,
): Promise<LatencyProxy> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(targetPort, '127.0.0.1');
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => socket.destroy());
    }
    const relay = (from: net.Socket, to: net.Socket) => {
      from.on('data', (chunk) => setTimeout(() => to.writable && to.write(chunk), oneWayMs));
      // The close travels as late as the data before it.
      from.on('end', () => setTimeout(() => to.end(), oneWayMs));
    };
    relay(client, upstream);
    relay(upstream, client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
