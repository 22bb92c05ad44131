import type os from 'node:os';
import { describe, expect, it } from 'vitest';
import { lanAddresses, type StartFacts, startBanner } from './start-banner';

const facts: StartFacts = {
  port: 3000,
  host: '0.0.0.0',
  publicUrl: 'http://localhost:3000',
  lanAddresses: ['192.168.1.20'],
  admin: { email: 'admin@puna.local', generatedPassword: 'k3y-Gen3rated', fromEnv: false },
  mail: 'the file outbox /srv/puna/data/outbox (set SMTP_URL to send real mail)',
  database: 'PGlite in /srv/puna/data/pglite',
  logLevel: 'warn',
};

const entry = (address: string, family: 'IPv4' | 'IPv6', internal = false) =>
  ({
    address,
    family,
    internal,
    netmask: '',
    mac: '',
    cidr: null,
    ...(family === 'IPv6' ? { scopeid: 0 } : {}),
  }) as os.NetworkInterfaceInfo;

describe('the start banner', () => {
  it('names the address on this computer and on a phone on the same network', () => {
    const banner = startBanner({ ...facts, lanAddresses: ['192.168.1.20', '10.0.0.5'] });
    expect(banner).toMatch(/Open on this computer:\s+http:\/\/localhost:3000/);
    expect(banner).toMatch(/On a phone on the same network:\s+http:\/\/192\.168\.1\.20:3000/);
    expect(banner).toMatch(/^\s+http:\/\/10\.0\.0\.5:3000$/m);
    // The addresses line up under each other, easy to read off and type into a phone.
    const columns = banner
      .split('\n')
      .filter((line) => line.includes('http://'))
      .map((line) => line.indexOf('http://'));
    expect(new Set(columns).size).toBe(1);
  });

  it('shows a generated admin password with the admin login, and says it is shown once', () => {
    const banner = startBanner(facts);
    expect(banner).toMatch(/Admin login \(at \/login\):\s+admin@puna\.local/);
    expect(banner).toMatch(/Admin password:\s+k3y-Gen3rated\s+\(shown only now: write it down\)/);
  });

  it('never prints a password it did not generate', () => {
    const fromEnv = startBanner({ ...facts, admin: { email: 'boss@shop.al', fromEnv: true } });
    expect(fromEnv).toMatch(/Admin password:\s+the one in ADMIN_PASSWORD/);
    const earlier = startBanner({ ...facts, admin: { email: 'boss@shop.al', fromEnv: false } });
    expect(earlier).toMatch(/Admin password:\s+as set earlier/);
  });

  it('says where mail goes and which database holds the data', () => {
    const banner = startBanner(facts);
    expect(banner).toContain('Mail goes to:');
    expect(banner).toContain('the file outbox /srv/puna/data/outbox');
    expect(banner).toMatch(/Database:\s+PGlite in \/srv\/puna\/data\/pglite/);
  });

  it('tells how to see every request when request logs are off', () => {
    expect(startBanner(facts)).toContain('LOG_LEVEL=info logs every request');
    expect(startBanner({ ...facts, logLevel: 'info' })).toContain('Every request is logged below (LOG_LEVEL=info)');
  });

  it('says a phone cannot reach a server listening on this computer only', () => {
    expect(startBanner({ ...facts, host: '127.0.0.1' })).toMatch(
      /On a phone on the same network:\s+not reachable \(HOST=127\.0\.0\.1; set HOST=0\.0\.0\.0/,
    );
  });

  it('says so when the computer is on no network', () => {
    expect(startBanner({ ...facts, lanAddresses: [] })).toMatch(/On a phone on the same network:\s+no network found/);
  });

  it('shows the public address beside the local one when PUBLIC_URL is set', () => {
    const banner = startBanner({ ...facts, publicUrl: 'https://puna.shop.al' });
    expect(banner).toMatch(/Open on this computer:\s+http:\/\/localhost:3000/);
    expect(banner).toMatch(/Public address:\s+https:\/\/puna\.shop\.al/);
  });
});

describe('lanAddresses', () => {
  it("keeps the machine's IPv4 network addresses, once each, without loopback, link-local or IPv6", () => {
    const addresses = lanAddresses({
      lo: [entry('127.0.0.1', 'IPv4', true), entry('::1', 'IPv6', true)],
      wlan0: [entry('192.168.1.20', 'IPv4'), entry('fe80::1', 'IPv6')],
      eth0: [entry('10.0.0.5', 'IPv4'), entry('169.254.10.1', 'IPv4')],
      docker0: [entry('192.168.1.20', 'IPv4')],
    });
    expect(addresses).toEqual(['192.168.1.20', '10.0.0.5']);
  });
});
