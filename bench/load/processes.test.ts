import { describe, expect, it } from 'vitest';
import { residentKiB } from './processes.mjs';

describe('residentKiB', () => {
  it("reads VmRSS from a process's status", () => {
    const status = [
      'Name:\tnode',
      'VmPeak:\t 1234567 kB',
      'VmHWM:\t  120000 kB',
      'VmRSS:\t  104448 kB',
      'RssAnon:\t 90000 kB',
    ];
    expect(residentKiB(status.join('\n'))).toBe(104448);
  });

  it('says so when there is none', () => {
    expect(() => residentKiB('Name:\tkthreadd\nState:\tS (sleeping)')).toThrow(/VmRSS/);
  });
});
