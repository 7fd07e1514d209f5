import { describe, expect, it } from 'vitest';
import { Client, useTestApp } from './build-app.js';

describe('the app around the routes', () => {
  const t = useTestApp();

  it('echoes a sane x-request-id and makes one up otherwise', async () => {
    const given = await t.app.inject({
      url: '/api/health/live',
      headers: { 'x-request-id': 'abc-123' },
    });
    expect(given.headers['x-request-id']).toBe('abc-123');
    const hostile = await t.app.inject({
      url: '/api/health/live',
      headers: { 'x-request-id': '<script>' },
    });
    expect(hostile.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('sends security headers with a content security policy', async () => {
    const response = await t.app.inject({ url: '/api/health/live' });
    expect(response.headers['content-security-policy']).toMatch(/default-src 'self'/);
    expect(response.headers['content-security-policy']).not.toMatch(/upgrade-insecure-requests/);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('answers an unknown API path with the 10003 envelope for any method', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const result = await new Client(t.app).request({ method, url: '/api/kaoshi-user/nope' });
      expect(result.http).toBe(404);
      expect(result.body).toEqual({
        status: 10003,
        message: expect.stringContaining('/api/kaoshi-user/nope'),
        data: null,
      });
    }
  });

  it('reports the database in /api/health', async () => {
    const result = await new Client(t.app).get<{ database: string }>('/api/health');
    expect(result.body.status).toBe(200);
    expect(result.body.data.database).toBe(t.handle.dialect);
  });

  // Last: it breaks the database connection on purpose.
  it('answers an unexpected failure with a generic 500 that names the request id, not the cause', async () => {
    await t.handle.db.destroy();
    const response = await t.app.inject({
      url: '/api/health',
      headers: { 'x-request-id': 'req-500' },
    });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      status: 500,
      message: 'Internal error (request req-500)',
      data: null,
    });
  });
});
