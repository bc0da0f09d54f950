import { act, render, renderHook } from '@testing-library/react';
import { Activity, type ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSimulatedSend } from './useSimulatedSend.ts';

const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

function renderSend() {
  const onSent = vi.fn();
  const hook = renderHook(() => useSimulatedSend(onSent));
  const send = () => act(() => hook.result.current.send());
  const status = () => hook.result.current.status;
  return { ...hook, onSent, send, status };
}

describe('useSimulatedSend', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('starts idle and sends nothing until asked', () => {
    const { status, onSent } = renderSend();
    expect(status()).toBe('idle');
    advance(10_000);
    expect(status()).toBe('idle');
    expect(onSent).not.toHaveBeenCalled();
  });

  it('is submitting until 1500 ms, succeeds at 1500 ms, and is idle again at 6500 ms', () => {
    const { send, status, onSent } = renderSend();
    send();
    expect(status()).toBe('submitting');
    advance(1499);
    expect(status()).toBe('submitting');
    expect(onSent).not.toHaveBeenCalled();
    advance(1);
    expect(status()).toBe('success');
    expect(onSent).toHaveBeenCalledTimes(1);
    advance(4999);
    expect(status()).toBe('success');
    advance(1);
    expect(status()).toBe('idle');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('ignores a second send while one is in flight', () => {
    const { send, status, onSent } = renderSend();
    send();
    advance(1000);
    send();
    advance(500);
    expect(status()).toBe('success');
    advance(5000);
    expect(status()).toBe('idle');
    expect(onSent).toHaveBeenCalledTimes(1);
  });

  it('a send during the success message starts a fresh cycle that the old timer does not cut short', () => {
    const { send, status, onSent } = renderSend();
    send();
    advance(1500 + 4000);
    send();
    expect(status()).toBe('submitting');
    advance(1000);
    expect(status()).toBe('submitting');
    advance(500);
    expect(status()).toBe('success');
    expect(onSent).toHaveBeenCalledTimes(2);
    advance(5000);
    expect(status()).toBe('idle');
  });

  it('unmounting while submitting cancels the send: no timer left, onSent never runs', () => {
    const { send, unmount, onSent } = renderSend();
    send();
    expect(vi.getTimerCount()).toBe(1);
    unmount();
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(10_000);
    expect(onSent).not.toHaveBeenCalled();
  });

  it('unmounting during the success message leaves no timer', () => {
    const { send, unmount } = renderSend();
    send();
    advance(1500);
    expect(vi.getTimerCount()).toBe(1);
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('a send whose effects React disconnects and connects again (a hidden, then shown subtree) still completes', () => {
    const onSent = vi.fn();
    let current: ReturnType<typeof useSimulatedSend> | undefined;
    function Form() {
      current = useSimulatedSend(onSent);
      return null;
    }
    const shown = (visible: boolean): ReactNode => (
      <Activity mode={visible ? 'visible' : 'hidden'}>
        <Form />
      </Activity>
    );
    const view = render(shown(true));
    act(() => current!.send());
    advance(1000);
    view.rerender(shown(false));
    view.rerender(shown(true));
    expect(current!.status).toBe('submitting');
    advance(1500);
    expect(current!.status).toBe('success');
    expect(onSent).toHaveBeenCalledTimes(1);
    advance(5000);
    expect(current!.status).toBe('idle');
  });
});
