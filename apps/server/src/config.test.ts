import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const base = { APP_KEY: 'k'.repeat(32) };

describe('settings', () => {
  it('has working defaults', () => {
    const config = loadConfig(base);
    expect(config).toMatchObject({
      PORT: 3000,
      APP_URL: 'http://localhost:3000',
      SESSION_LIFETIME: 120,
      secureCookies: false,
    });
    expect(config.CORS_ORIGINS).toEqual(['http://localhost:3000']);
  });

  it('stops with a message naming each bad value', () => {
    expect(() => loadConfig({ ...base, PORT: 'eighty', DATABASE_URL: 'mysql://x' })).toThrow(ConfigError);
    try {
      loadConfig({ ...base, PORT: 'eighty', DATABASE_URL: 'mysql://x' });
    } catch (error) {
      expect((error as Error).message).toMatch(/PORT: .*"eighty"/);
      expect((error as Error).message).toMatch(/DATABASE_URL: must start with postgres:\/\//);
    }
  });

  it('uses secure cookies behind an https APP_URL', () => {
    expect(loadConfig({ ...base, APP_URL: 'https://invest.example.com' }).secureCookies).toBe(true);
  });

  it('caps a request’s uploads in total, never below one largest file', () => {
    expect(loadConfig(base).UPLOAD_REQUEST_LIMIT).toBe(50 * 1024 * 1024);
    expect(() => loadConfig({ ...base, UPLOAD_LIMIT: '4096', UPLOAD_REQUEST_LIMIT: '2048' })).toThrow(
      /UPLOAD_REQUEST_LIMIT: must be at least UPLOAD_LIMIT/,
    );
  });

  it('requires APP_KEY in production on PostgreSQL', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATABASE_URL: 'postgres://db/x' })).toThrow(/APP_KEY/);
  });
});
