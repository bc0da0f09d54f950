// @ts-check
// What the shell's document does for a page until the page's script is live
// (shell/document/until-live.js), and how a page takes it over. The document keeps what it saw in
// a record of its own, not in the page's markup, which hydration must find as the server sent it.

/**
 * On a form in the server's HTML that the page's script sends, until that script is live: a submit
 * now is held, not sent (no field goes into an address). React removes it once live.
 */
export const submitsWhenLive = 'data-submits-when-live';

/** The global the document keeps its record under. */
export const untilLiveRecordName = 'novaUntilLive';

/**
 * What happened before the page was live: the forms whose submit was held (the page submits them
 * again), the frames that loaded. Undefined where the document did not run its script.
 * @typedef {{ heldSubmits: WeakSet<HTMLFormElement>, loadedFrames: WeakSet<HTMLIFrameElement> }} UntilLiveRecord
 * @returns {UntilLiveRecord | undefined}
 */
export const untilLiveRecord = () => /** @type {any} */ (globalThis)[untilLiveRecordName];
