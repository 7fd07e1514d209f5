import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, configWarnings, loadConfig } from './config.js';

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
    expect(config.database).toEqual({
      kind: 'postgres',
      url: 'postgres://u@db:5432/k',
      poolSize: 30,
      controlPoolSize: 3,
    });
    expect(config.captcha).toBe(false);
    expect(config.redisUrl).toBeUndefined();
  });

  it('WORKERS: one server process unless told', () => {
    expect(loadConfig({}).workers).toBe(1);
    expect(loadConfig({ WORKERS: '1' }).workers).toBe(1);
    expect(loadConfig({ WORKERS: '3' }).workers).toBe(3);
    expect(() => loadConfig({ WORKERS: '0' })).toThrow(/WORKERS: must be 1 or more/);
    const pool = loadConfig({ WORKERS: '4', DATABASE_URL: 'postgres://h/db' });
    expect(configWarnings(pool).join(' ')).toMatch(/WORKERS=4 processes × 33 connections each/);
  });

  it('stops with a message naming every bad variable', () => {
    const attempt = () =>
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', ADMIN_PASSWORD: '123' });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(/PORT/);
    expect(attempt).toThrow(/DATABASE_URL: must start with postgres/);
    expect(attempt).toThrow(/ADMIN_PASSWORD/);
  });

  it('TRUST_PROXY takes the proxies\' addresses; "on" (any client picks its address) is refused', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'off' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1' }).trustProxy).toEqual(['127.0.0.1']);
    expect(
      loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.1/255.255.255.0,::1,fd00::/8,loopback' })
        .trustProxy,
    ).toEqual(['10.0.0.0/8', '192.168.1.1/255.255.255.0', '::1', 'fd00::/8', 'loopback']);
    for (const value of ['on', 'true', '1']) {
      const attempt = () => loadConfig({ TRUST_PROXY: value });
      expect(attempt).toThrow(ConfigError);
      expect(attempt).toThrow(/TRUST_PROXY: .*every address.*TRUST_PROXY=127\.0\.0\.1/);
    }
    for (const value of ['2', 'proxy.example.com', '10.0.0.0/33', '10.0.0.1/8/8', '1.2.3.4,']) {
      expect(() => loadConfig({ TRUST_PROXY: value }), value).toThrow(
        /TRUST_PROXY: not an IP address or CIDR range/,
      );
    }
  });

  it('STUDENT_INITIAL_PASSWORD is random (default: nothing public to guess from) or id-last6', () => {
    expect(loadConfig({}).studentInitialPassword).toBe('random');
    expect(loadConfig({ STUDENT_INITIAL_PASSWORD: 'id-last6' }).studentInitialPassword).toBe(
      'id-last6',
    );
    expect(loadConfig({ STUDENT_INITIAL_PASSWORD: 'random' }).studentInitialPassword).toBe(
      'random',
    );
    expect(() => loadConfig({ STUDENT_INITIAL_PASSWORD: '123456' })).toThrow(
      /STUDENT_INITIAL_PASSWORD: must be id-last6 .* or random/,
    );
  });

  it('PUBLIC_URL is the public http(s) address; the start warns when it (or the issuer) is missing', () => {
    const bare = loadConfig({ PORT: '9000' });
    expect(bare.publicUrl).toBe('http://localhost:9000');
    expect(bare.certificateIssuer).toBe('');
    const warnings = configWarnings(bare);
    expect(warnings.join('\n')).toMatch(/PUBLIC_URL is not set.*http:\/\/localhost:9000/);
    expect(warnings.join('\n')).toMatch(/CERTIFICATE_ISSUER is not set/);

    const set = loadConfig({
      PUBLIC_URL: 'https://exams.example.org/kaoshi/',
      CERTIFICATE_ISSUER: '某市职业技能鉴定中心',
    });
    expect(set.publicUrl).toBe('https://exams.example.org/kaoshi');
    expect(set.certificateIssuer).toBe('某市职业技能鉴定中心');
    expect(configWarnings(set)).toEqual([]);

    for (const value of ['exams.example.org', 'ftp://exams.example.org', 'https://x.org/?q=1']) {
      expect(() => loadConfig({ PUBLIC_URL: value }), value).toThrow(/PUBLIC_URL: /);
    }
  });
});
