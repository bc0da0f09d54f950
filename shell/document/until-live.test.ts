import { submitsWhenLive, untilLiveRecord, untilLiveRecordName } from '@nova/contracts/until-live';
import { afterEach, expect, it } from 'vitest';
import { untilLive } from './until-live.js';

untilLive(submitsWhenLive, untilLiveRecordName);
const record = untilLiveRecord()!;

/** A form as the server's HTML has it, and whether the browser went on to send it. */
function formInPage(attributes: string) {
  document.body.innerHTML = `<form ${attributes}><input name="message" value="Hello"><button>Send</button></form>`;
  const form = document.querySelector('form')!;
  let sent = false;
  // After the document's handler, as the browser's own submission would come.
  form.addEventListener('submit', (event) => (sent = !event.defaultPrevented));
  return { form, sent: () => sent };
}

afterEach(() => {
  document.body.replaceChildren();
});

it('holds a submit that comes before the page is live, and keeps the form for its page, its markup as it was', () => {
  const { form, sent } = formInPage(submitsWhenLive);
  const markup = form.outerHTML;
  form.requestSubmit();
  expect(sent()).toBe(false);
  expect(record.heldSubmits.has(form)).toBe(true);
  expect(form.outerHTML).toBe(markup);
});

it('leaves a live form, and any other form, to its page and the browser', () => {
  for (const attributes of ['', 'method="dialog"']) {
    const { form, sent } = formInPage(attributes);
    form.requestSubmit();
    expect(sent()).toBe(true);
    expect(record.heldSubmits.has(form)).toBe(false);
  }
});

it('keeps a frame that loaded, for a page that starts after it', () => {
  const frame = document.body.appendChild(document.createElement('iframe'));
  const notLoaded = document.createElement('iframe');
  frame.dispatchEvent(new Event('load'));
  expect(record.loadedFrames.has(frame)).toBe(true);
  expect(record.loadedFrames.has(notLoaded)).toBe(false);
});
