import { describe, expect, it } from 'vitest';
import { serverAddress } from './server-address';

describe('serverAddress', () => {
  it('gives the origin, host and explicit port', () => {
    const location = { protocol: 'http:', hostname: '192.168.1.5', port: '3000', origin: 'http://192.168.1.5:3000' };
    expect(serverAddress(location)).toEqual({ origin: 'http://192.168.1.5:3000', host: '192.168.1.5', port: '3000' });
  });

  it("fills in the scheme's default port", () => {
    const https = { protocol: 'https:', hostname: 'puna.example', port: '', origin: 'https://puna.example' };
    expect(serverAddress(https).port).toBe('443');
    expect(serverAddress({ ...https, protocol: 'http:', origin: 'http://puna.example' }).port).toBe('80');
  });
});
