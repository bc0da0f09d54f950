// @ts-check

/**
 * Runs inline in the shell's document, as it parses, for what comes before the page's script is
 * live. A form that says it is sent by that script (`submitsWhenLive`) and is submitted early (Send
 * pressed, or Enter in a field) is held, not sent: no field goes into an address, the history or a
 * server's log. The record (`recordName`, see @nova/contracts/until-live) keeps the held forms, for
 * their page to submit once live, and the frames that loaded, for a page that starts after them.
 * Self-contained: the build inlines its source.
 * @param {string} submitsWhenLive
 * @param {string} recordName
 */
export function untilLive(submitsWhenLive, recordName) {
  /** @type {import('@nova/contracts/until-live').UntilLiveRecord} */
  const record = { heldSubmits: new WeakSet(), loadedFrames: new WeakSet() };
  Object.assign(globalThis, { [recordName]: record });
  addEventListener(
    'submit',
    (event) => {
      const form = event.target;
      if (!(form instanceof HTMLFormElement) || !form.hasAttribute(submitsWhenLive)) return;
      event.preventDefault();
      record.heldSubmits.add(form);
    },
    true,
  );
  // An element's load reaches neither the window nor, bubbling, the document: it is seen on its
  // way down, at the document.
  document.addEventListener(
    'load',
    (event) => {
      if (event.target instanceof HTMLIFrameElement) record.loadedFrames.add(event.target);
    },
    true,
  );
}
