import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('defaults to SQLite in ./data on port 8080 with the captcha on', () => {
    const config = loadConfig({});
    expect(config.port).toBe(8080);
    expect(config.host).toBe('0.0.0.0');
    expect(config.database).toEqual({ kind: 'sqlite', file: path.resolve('data/kaoshi.db') });
    expect(config.captcha).toBe(true);
    expect(config.defaultPassword).toBe('123456');
    expect(config.sessionTtlMs).toBe(12 * 3600_000);
  });

  it('selects PostgreSQL from DATABASE_URL and treats empty values as unset', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://u@db:5432/k',
      CAPTCHA: 'off',
      REDIS_URL: '',
    });
    expect(config.database).toEqual({ kind: 'postgres', url: 'postgres://u@db:5432/k' });
    expect(config.captcha).toBe(false);
    expect(config.redisUrl).toBeUndefined();
  });

  it('stops with a message naming every bad variable', () => {
    const attempt = () =>
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', ADMIN_PASSWORD: '123' });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(/PORT/);
    expect(attempt).toThrow(/DATABASE_URL: must start with postgres/);
    expect(attempt).toThrow(/ADMIN_PASSWORD/);
  });
});
