import { describe, expect, it } from 'vitest';
import { staticNginxConfig } from './static-nginx.mjs';

const config = staticNginxConfig({
  port: 4291,
  root: '/tmp/pages',
  folder: '/tmp/nginx',
  workers: 2,
  headers: { 'content-security-policy': "default-src 'self'", 'permissions-policy': 'fullscreen=(self "http://a")' },
});

describe('staticNginxConfig', () => {
  it('serves each page as <path>/index.html, precompressed when the client accepts it', () => {
    expect(config).toContain('try_files $uri/index.html =404;');
    expect(config).toContain('brotli_static on;');
    expect(config).toContain('gzip_static on;');
    expect(config).toContain('listen 127.0.0.1:4291;');
  });

  it('sends the headers given, quoted for nginx', () => {
    expect(config).toContain(`add_header content-security-policy "default-src 'self'";`);
    expect(config).toContain('add_header permissions-policy "fullscreen=(self \\"http://a\\")";');
  });

  it('keeps its pid, logs and temporary files in its folder', () => {
    expect(config).toContain('pid /tmp/nginx/nginx.pid;');
    expect(config).toContain('client_body_temp_path /tmp/nginx/client_body-temp;');
  });
});
