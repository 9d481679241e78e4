import { describe, expect, it } from 'vitest';
import { checkBaseUrl, isLoopbackHost } from '../../../shared/url';

describe('base URL rules', () => {
  it.each([
    ['https://shop.example.com', 'https://shop.example.com'],
    ['  https://shop.example.com/  ', 'https://shop.example.com'],
    ['https://shop.example.com:8443/backend/', 'https://shop.example.com:8443/backend'],
    ['http://127.0.0.1:8080', 'http://127.0.0.1:8080'],
    ['http://localhost:3000', 'http://localhost:3000'],
    ['http://[::1]:9000', 'http://[::1]:9000'],
    ['http://127.1.2.3', 'http://127.1.2.3'],
  ])('accepts %s', (input, normalised) => {
    expect(checkBaseUrl(input)).toEqual({ ok: true, url: normalised });
  });

  it.each([
    ['http://shop.example.com', 'insecure_url'],
    ['http://192.168.1.10:8080', 'insecure_url'],
    ['http://127.0.0.1.evil.example', 'insecure_url'],
    ['file:///etc/passwd', 'insecure_url'],
    ['javascript:alert(1)', 'insecure_url'],
    ['data:text/html,hi', 'insecure_url'],
    ['ftp://shop.example.com', 'insecure_url'],
    ['https://user:pass@shop.example.com', 'insecure_url'],
    ['https://token@shop.example.com', 'insecure_url'],
    ['', 'invalid_url'],
    ['shop.example.com', 'invalid_url'],
    ['https://shop.example.com/?x=1', 'invalid_url'],
    ['https://shop.example.com/#a', 'invalid_url'],
    [`https://${'a'.repeat(3000)}.com`, 'invalid_url'],
  ])('refuses %s as %s', (input, code) => {
    const result = checkBaseUrl(input);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.code).toBe(code);
      expect(result.message.length).toBeGreaterThan(10);
    }
  });

  it('knows loopback hosts', () => {
    expect(isLoopbackHost('127.0.0.1')).toBe(true);
    expect(isLoopbackHost('127.300.0.1')).toBe(false);
    expect(isLoopbackHost('localhost')).toBe(true);
    expect(isLoopbackHost('localhost.example')).toBe(false);
  });
});
