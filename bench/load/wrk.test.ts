import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { wrkRun } from './test-support.ts';
import { medianOf, parseWrkOutput, wrk } from './wrk.mjs';

const output = (json: string) =>
  [
    'Running 5s test @ http://localhost:4290/games',
    '  1 threads and 64 connections',
    '  Latency Distribution',
    '     50%    1.20ms',
    '  52000 requests in 5.00s, 300.00MB read',
    json,
    'Requests/sec:  10400.00',
  ].join('\n');

describe('parseWrkOutput', () => {
  it('reads requests per second and latencies in ms from the wrk-json line', () => {
    const result = parseWrkOutput(
      output(
        'wrk-json {"requests":52000,"durationUs":5000000,"bytes":1,"latencyUs":{"p50":1200,"p90":2500,"p99":9800,"max":31000},' +
          '"errors":{"connect":0,"read":0,"write":0,"status":0,"timeout":0}}',
      ),
    );
    expect(result).toMatchObject({
      requests: 52000,
      seconds: 5,
      perSecond: 10400,
      p50: 1.2,
      p90: 2.5,
      p99: 9.8,
      max: 31,
    });
    expect(result.errors).toBe(0);
  });

  it('counts socket errors, timeouts and error statuses as errors', () => {
    const result = parseWrkOutput(
      output(
        'wrk-json {"requests":100,"durationUs":1000000,"bytes":1,"latencyUs":{"p50":1,"p90":1,"p99":1,"max":1},' +
          '"errors":{"connect":1,"read":2,"write":3,"status":4,"timeout":5}}',
      ),
    );
    expect(result.errors).toBe(15);
    expect(result.errorsByKind.status).toBe(4);
  });

  it('says so when wrk printed no result', () => {
    expect(() => parseWrkOutput('unable to connect to localhost:4290 Connection refused')).toThrow(/no result/);
  });
});

describe('medianOf', () => {
  const run = (perSecond: number, p99: number, errors = 0) => wrkRun(perSecond, p99, errors, 3);

  it("takes the median of each rate and latency, and every run's requests and errors", () => {
    const result = medianOf([run(50_000, 4), run(30_000, 30, 2), run(60_000, 3)]);
    expect(result).toMatchObject({ perSecond: 50_000, p99: 4, p50: 1, requests: 420_000, seconds: 9, errors: 2 });
    expect(result.errorsByKind.status).toBe(2);
  });

  it('of two runs, takes the lower middle one', () => {
    expect(medianOf([run(50_000, 4), run(30_000, 30)]).perSecond).toBe(30_000);
  });
});

describe('wrk', () => {
  it('counts answers of another status than the expected one as errors, and only those', async () => {
    // Every third answer is a 500, the rest are 404.
    let answered = 0;
    const server = createServer((_request, response) => {
      answered += 1;
      response.writeHead(answered % 3 === 0 ? 500 : 404).end();
    });
    await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
      const expecting404 = await wrk(url, {
        seconds: 1,
        connections: 2,
        uniquePrefix: '/games/load-',
        expectStatus: 404,
      });
      expect(expecting404.requests).toBeGreaterThan(30);
      expect(expecting404.errorsByKind.status / expecting404.requests).toBeCloseTo(1 / 3, 1);
      const expectingAnyUnder400 = await wrk(url, { seconds: 1, connections: 2 });
      expect(expectingAnyUnder400.errorsByKind.status).toBe(expectingAnyUnder400.requests);
    } finally {
      await new Promise((closed) => server.close(closed));
    }
  });
});
