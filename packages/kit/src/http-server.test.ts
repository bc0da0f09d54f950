// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { boundedHttpServer, serverTimeouts } from './http-server.js';

describe('boundedHttpServer', () => {
  it('bounds how long a client may take to send headers, a request, and the next request', () => {
    const server = boundedHttpServer((_, response) => response.end());
    expect(serverTimeouts).toEqual({ headersTimeout: 10_000, requestTimeout: 30_000, keepAliveTimeout: 5_000 });
    expect({
      headersTimeout: server.headersTimeout,
      requestTimeout: server.requestTimeout,
      keepAliveTimeout: server.keepAliveTimeout,
    }).toEqual(serverTimeouts);
    expect(server.listenerCount('request')).toBe(1);
  });
});
