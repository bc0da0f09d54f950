import { afterEach, expect, it, vi } from 'vitest';
import { announceReadiness, readyMessage, statusQuery } from './readiness.ts';

/** A window standing for the portal's page: the frame's parent. */
function portalWindow() {
  const frame = document.body.appendChild(document.createElement('iframe'));
  const parent = frame.contentWindow!;
  const postMessage = vi.spyOn(parent, 'postMessage').mockImplementation(() => undefined);
  return { parent, postMessage };
}

afterEach(() => {
  document.body.replaceChildren();
});

it('tells the page that frames it that the demo is ready, and again whenever it asks', () => {
  const { parent, postMessage } = portalWindow();
  announceReadiness(parent);
  expect(postMessage).toHaveBeenLastCalledWith(readyMessage, '*');

  window.dispatchEvent(new MessageEvent('message', { source: parent, data: statusQuery }));
  expect(postMessage).toHaveBeenCalledTimes(2);
  expect(postMessage).toHaveBeenLastCalledWith(readyMessage, '*');
});

it('answers only its parent, and only the status question', () => {
  const { parent, postMessage } = portalWindow();
  const stranger = portalWindow().parent;
  announceReadiness(parent);
  window.dispatchEvent(new MessageEvent('message', { source: stranger, data: statusQuery }));
  window.dispatchEvent(new MessageEvent('message', { source: parent, data: { type: 'demo:spin' } }));
  window.dispatchEvent(new MessageEvent('message', { source: parent, data: null }));
  expect(postMessage).toHaveBeenCalledTimes(1);
});

it('says nothing when it is not framed', () => {
  const postMessage = vi.spyOn(window, 'postMessage');
  announceReadiness(window);
  expect(postMessage).not.toHaveBeenCalled();
});
