import net from 'node:net';

/**
 * A TCP relay to the database that a test can cut and restore, as a dropped network or a database
 * restart would: `cut()` ends every relayed connection and refuses new ones (each is closed as soon
 * as it is accepted), `restore()` relays again.
 */
export async function startTcpProxy(target: { host: string; port: number }) {
  const open = new Set<net.Socket>();
  let cut = false;
  const server = net.createServer((client) => {
    if (cut) {
      client.destroy();
      return;
    }
    const upstream = net.connect(target.port, target.host);
    open.add(client);
    open.add(upstream);
    const end = () => {
      client.destroy();
      upstream.destroy();
      open.delete(client);
      open.delete(upstream);
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    port,
    /** `url` with its host and port replaced by the relay's. */
    through(url: string): string {
      const relayed = new URL(url);
      relayed.hostname = '127.0.0.1';
      relayed.port = String(port);
      return relayed.toString();
    },
    cut(): void {
      cut = true;
      for (const socket of open) socket.destroy();
      open.clear();
    },
    restore(): void {
      cut = false;
    },
    async close(): Promise<void> {
      this.cut();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
