// Refused tokens counted per client, on a fake clock; and the service over HTTP on a real
// PostgreSQL answering 429 to a client that sends refused tokens over and over.
import { describe, expect, it } from 'vitest';
import {
  admin,
  adminToken,
  call,
  freshDatabase,
  readMap,
  stagingAndProduction,
  startInstance,
} from './test-support.ts';
import { clientOf, tokenThrottle } from './token-throttle.mjs';

/** A clock the test moves by hand. */
function fakeClock() {
  let time = 1_000_000;
  return { now: () => time, advance: (ms: number) => void (time += ms) };
}

describe('refused tokens, counted per client', () => {
  it('let a client have 10 refused at once, then one more every 6 s', () => {
    const clock = fakeClock();
    const throttle = tokenThrottle({ now: clock.now });
    for (let refused = 0; refused < 10; refused += 1) {
      expect(throttle.waitSeconds('192.0.2.1'), `after ${refused}`).toBe(0);
      throttle.refused('192.0.2.1');
    }
    expect(throttle.waitSeconds('192.0.2.1')).toBe(6);
    expect(throttle.waitSeconds('192.0.2.2')).toBe(0);
    clock.advance(4_500);
    expect(throttle.waitSeconds('192.0.2.1')).toBe(2);
    clock.advance(1_500);
    expect(throttle.waitSeconds('192.0.2.1')).toBe(0);
    throttle.refused('192.0.2.1');
    expect(throttle.waitSeconds('192.0.2.1')).toBe(6);
  });

  it('forget a client once its bucket is full again', () => {
    const clock = fakeClock();
    const throttle = tokenThrottle({ now: clock.now });
    throttle.refused('192.0.2.1');
    expect(throttle.size).toBe(1);
    clock.advance(5_999);
    throttle.waitSeconds('192.0.2.1');
    expect(throttle.size).toBe(1);
    clock.advance(1);
    throttle.waitSeconds('192.0.2.1');
    expect(throttle.size).toBe(0);
  });

  it('remember at most maxClients, forgetting the one refused longest ago', () => {
    const clock = fakeClock();
    const throttle = tokenThrottle({ now: clock.now, burst: 1, maxClients: 1000 });
    throttle.refused('198.51.100.1');
    for (let n = 0; n < 50_000; n += 1) throttle.refused(`10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`);
    expect(throttle.size).toBe(1000);
    expect(throttle.waitSeconds('198.51.100.1')).toBe(0);
    expect(throttle.waitSeconds('10.0.195.79')).toBe(6);
  });
});

describe('a client', () => {
  it('is its IPv4 address, also when mapped into IPv6, and its /64 for IPv6', () => {
    expect(clientOf('192.0.2.7')).toBe('192.0.2.7');
    expect(clientOf('::ffff:192.0.2.7')).toBe('192.0.2.7');
    expect(clientOf('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64');
    expect(clientOf('2001:0db8:0001:0002::6')).toBe('2001:db8:1:2::/64');
    expect(clientOf('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientOf('::1')).toBe('0:0:0:0::/64');
    expect(clientOf('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(clientOf(undefined)).toBe('');
  });
});

describe('a client whose tokens are refused over and over', () => {
  it('is answered 429 with Retry-After, whatever token it sends, and may still read the map', async () => {
    const throttled = await startInstance(await freshDatabase());
    await stagingAndProduction(throttled);
    const history = (token: string) =>
      call(throttled, '/environments/staging/history?slice=legal', { headers: { authorization: `Bearer ${token}` } });
    for (let guess = 0; guess < 10; guess += 1) expect((await history(`guess-${guess}`)).status).toBe(401);
    for (const token of ['guess-10', adminToken]) {
      const answer = await history(token);
      expect([answer.status, answer.headers.get('retry-after'), await answer.text()]).toEqual([
        429,
        expect.stringMatching(/^[1-6]$/),
        expect.stringMatching(/^Too many refused tokens from 127\.0\.0\.1: try again in [1-6] s\.\n$/),
      ]);
    }
    expect((await readMap(throttled, 'staging')).etag).toMatch(/^"/);
    // The count is the instance's own: another instance takes the administrator's token.
    const other = await startInstance(await freshDatabase());
    expect((await call(other, '/tokens', { headers: admin })).status).toBe(200);
  });
});
