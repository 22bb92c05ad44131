import os from 'node:os';

/** What `npm start` tells the person at the terminal once the server listens (docs/operations.md#start-and-stop). */
export type StartFacts = {
  port: number;
  /** The address the server listens on (HOST). */
  host: string;
  /** PUBLIC_URL, or http://localhost:PORT when it is not set. */
  publicUrl: string;
  /** This machine's IPv4 addresses on its networks (`lanAddresses`). */
  lanAddresses: string[];
  admin: {
    email: string;
    /** Only when it was generated just now: it is shown this once. */
    generatedPassword?: string;
    /** ADMIN_PASSWORD is set (and applied at every start). */
    fromEnv: boolean;
  };
  /** Where mail goes (the mailer's own description). */
  mail: string;
  database: string;
  logLevel: string;
  /** Extra lines (the demo's accounts). */
  extra?: string[];
};

/** The machine's IPv4 addresses a phone on the same network can reach (no loopback, no link-local). */
export function lanAddresses(interfaces: NodeJS.Dict<os.NetworkInterfaceInfo[]> = os.networkInterfaces()): string[] {
  const found = Object.values(interfaces)
    .flatMap((entries) => entries ?? [])
    .filter((entry) => entry.family === 'IPv4' && !entry.internal && !entry.address.startsWith('169.254.'))
    .map((entry) => entry.address);
  return [...new Set(found)];
}

const isLoopbackHost = (host: string) => host === '127.0.0.1' || host === 'localhost' || host === '::1';

/** The levels at which Fastify writes a line per request (info), so the banner can say whether they show. */
const REQUEST_LOG_LEVELS = new Set(['info', 'debug', 'trace']);

/** One labelled line of the banner, the values aligned. */
const row = (label: string, value: string) => `  ${`${label}:`.padEnd(31)} ${value}`;

/**
 * The start banner: the addresses to open on this computer and on a phone, the admin login, where
 * mail goes. Printed once after listening; per-request logs stay out of the terminal by default
 * (LOG_LEVEL=warn), so nothing pushes it out of view.
 */
export function startBanner(facts: StartFacts): string {
  const rule = `  ${'─'.repeat(72)}`;
  const isPublicLocal = isLoopbackHost(new URL(facts.publicUrl).hostname);
  const lines = [rule, '  Puna is running.', ''];
  lines.push(row('Open on this computer', isPublicLocal ? facts.publicUrl : `http://localhost:${facts.port}`));
  if (!isPublicLocal) lines.push(row('Public address', facts.publicUrl));
  const phone = 'On a phone on the same network';
  if (isLoopbackHost(facts.host)) {
    lines.push(row(phone, `not reachable (HOST=${facts.host}; set HOST=0.0.0.0 to allow it)`));
  } else if (facts.lanAddresses.length === 0) {
    lines.push(row(phone, 'no network found (connect this computer to Wi-Fi or a cable)'));
  } else {
    // One line per network (Wi-Fi and cable may both be up); the further ones under the first.
    facts.lanAddresses.forEach((address, index) => {
      const url = `http://${address}:${facts.port}`;
      lines.push(index === 0 ? row(phone, url) : `  ${' '.repeat(31)} ${url}`);
    });
  }
  lines.push('', row('Admin login (at /login)', facts.admin.email));
  if (facts.admin.generatedPassword) {
    lines.push(row('Admin password', `${facts.admin.generatedPassword}   (shown only now: write it down)`));
  } else {
    lines.push(
      row(
        'Admin password',
        facts.admin.fromEnv ? 'the one in ADMIN_PASSWORD' : 'as set earlier (set ADMIN_PASSWORD to reset it)',
      ),
    );
  }
  lines.push('', row('Mail goes to', facts.mail), row('Database', facts.database));
  if (facts.extra?.length) lines.push('', ...facts.extra.map((line) => line.replace(/^\s*/, '  ')));
  lines.push(
    '',
    REQUEST_LOG_LEVELS.has(facts.logLevel)
      ? `  Every request is logged below (LOG_LEVEL=${facts.logLevel}).`
      : `  Only warnings and errors are logged below (LOG_LEVEL=${facts.logLevel}; LOG_LEVEL=info logs every request).`,
    '  Stop with Ctrl+C.',
    rule,
  );
  return `\n${lines.join('\n')}\n`;
}
