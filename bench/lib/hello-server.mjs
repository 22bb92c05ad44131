// The baseline server: a bare Fastify hello-world on the same Fastify the Puna server uses (resolved
// from packages/server), no plugins, no logger. Listens on a free port and prints it.
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const serverPackage = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../packages/server/package.json');
const Fastify = createRequire(serverPackage)('fastify');

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ port: 0, host: '127.0.0.1' });
console.log(`listening on ${app.server.address().port}`);
process.once('SIGTERM', () => app.close().then(() => process.exit(0)));
