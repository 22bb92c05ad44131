import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api } from './api';

function answer(status: number, body: unknown) {
  return vi.fn(async () => new Response(body === undefined ? null : JSON.stringify(body), { status }));
}

afterEach(() => vi.unstubAllGlobals());

describe('api client', () => {
  it('sends JSON with the app header and same-origin cookies', async () => {
    const fetchMock = answer(201, { message: 'ok' });
    vi.stubGlobal('fetch', fetchMock);
    await expect(api.post('/auth/signup', { email: 'a@b.co' })).resolves.toEqual({ message: 'ok' });
    const [path, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(path).toBe('/auth/signup');
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('same-origin');
    expect(init.headers).toMatchObject({ 'x-requested-with': 'puna', 'content-type': 'application/json' });
    expect(init.body).toBe('{"email":"a@b.co"}');
  });

  it('sends the app header on reads too, without a content type', async () => {
    const fetchMock = answer(200, { authenticated: false });
    vi.stubGlobal('fetch', fetchMock);
    await api.get('/auth/check');
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.headers).toMatchObject({ 'x-requested-with': 'puna' });
    expect(init.headers).not.toHaveProperty('content-type');
  });

  it("turns a refusal into an ApiError carrying the server's sentence and fields", async () => {
    vi.stubGlobal(
      'fetch',
      answer(400, { Status: false, Error: 'Password must be at least 8 characters.', fields: { password: 'x' } }),
    );
    const error = await api.post('/auth/signup', {}).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(400);
    expect((error as ApiError).serverMessage).toBe('Password must be at least 8 characters.');
    expect((error as ApiError).fields).toEqual({ password: 'x' });
  });

  it('reads the login flags and the lower-case error field', async () => {
    vi.stubGlobal('fetch', answer(403, { success: false, error: 'Please verify.', needsVerification: true }));
    const error = (await api.post('/auth/login', {}).catch((caught: unknown) => caught)) as ApiError;
    expect(error.serverMessage).toBe('Please verify.');
    expect(error.hasFlag('needsVerification')).toBe(true);
  });

  it('carries no sentence when the server said nothing (screens then show their own text)', async () => {
    vi.stubGlobal('fetch', answer(502, undefined));
    const error = (await api.get('/auth/check').catch((caught: unknown) => caught)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(502);
    expect(error.serverMessage).toBe('');
  });
});
