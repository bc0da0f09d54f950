/**
 * How the demo tells the page that frames it that it is ready (its game, or why it cannot play,
 * is on screen): a `{ type: 'demo:ready' }` message to the parent when it is, and again whenever
 * the parent asks with `{ type: 'demo:status' }`, so a page that starts listening late (the
 * portal's script arrives after the frame in its server HTML) still learns it. Nothing else
 * crosses: the message names no game, session or visitor.
 */
export const readyMessage = { type: 'demo:ready' } as const;
export const statusQuery = { type: 'demo:status' } as const;

export function announceReadiness(parent: Window = window.parent) {
  if (parent === window) return;
  parent.postMessage(readyMessage, '*');
  addEventListener('message', (event) => {
    if (event.source === parent && (event.data as { type?: unknown } | null)?.type === statusQuery.type)
      parent.postMessage(readyMessage, '*');
  });
}
