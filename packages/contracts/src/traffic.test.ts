import { describe, expect, it } from 'vitest';
import { parseSetCookie } from 'cookie';
import { bucketCookie, bucketCount, bucketSetCookie, readBucket } from './traffic.js';

describe('readBucket: one rule for what a Cookie header says of the bucket', () => {
  it.each([
    ['nova_bucket=0', 0],
    ['nova_bucket=7', 7],
    ['nova_bucket=99', 99],
    ['theme=dark; nova_bucket=42', 42],
    ['nova_bucket=42; theme=dark', 42],
    ['a=1;nova_bucket=3;b=2', 3],
    ['a=1; \tnova_bucket=3 ; b=2', 3],
  ])('%j names bucket %i', (header, bucket) => {
    expect(readBucket(header)).toEqual({ bucket });
  });

  it('reads every bucket there is, as it is given, and nothing past them', () => {
    for (let bucket = 0; bucket < bucketCount; bucket += 1)
      expect(readBucket(bucketSetCookie(bucket, false).split(';')[0])).toEqual({ bucket });
    expect(readBucket(`${bucketCookie}=${bucketCount}`)).toEqual({ ambiguous: true });
  });

  it.each([
    null,
    undefined,
    '',
    'theme=dark',
    'NOVA_BUCKET=5',
    'Nova_Bucket=5',
    'xnova_bucket=5',
    'nova_bucketx=5',
    'nova_bucket',
  ])('%j names none: a new visitor', (header) => {
    expect(readBucket(header)).toEqual({ ambiguous: false });
  });

  it.each([
    'nova_bucket=x; nova_bucket=0',
    'nova_bucket=0; nova_bucket=0',
    'nova_bucket=3; theme=dark; nova_bucket=70',
    'nova_bucket=x',
    'nova_bucket=',
    'nova_bucket=05',
    'nova_bucket=100',
    'nova_bucket=-1',
    'nova_bucket=1.5',
    'nova_bucket="5"',
    'nova_bucket =5',
    'nova_bucket=5x',
  ])('%j is ambiguous', (header) => {
    expect(readBucket(header)).toEqual({ ambiguous: true });
  });

  it('reads a header of many pairs', () => {
    const pairs = Array.from({ length: 2000 }, (_, i) => `c${i}=v`).join('; ');
    expect(readBucket(`${pairs}; nova_bucket=8`)).toEqual({ bucket: 8 });
    expect(readBucket(`nova_bucket=8; ${pairs}; nova_bucket=9`)).toEqual({ ambiguous: true });
    // Pairs without a value name no cookie.
    expect(readBucket(`${';nova_bucket'.repeat(1000)}=1`)).toEqual({ bucket: 1 });
  });
});

describe('bucketSetCookie', () => {
  it('gives the bucket for a year on every path, Secure over https', () => {
    const given = { name: 'nova_bucket', value: '7', path: '/', maxAge: 31536000, sameSite: 'lax' };
    expect(parseSetCookie(bucketSetCookie(7, false))).toEqual(given);
    expect(parseSetCookie(bucketSetCookie(7, true))).toEqual({ ...given, secure: true });
  });
});
