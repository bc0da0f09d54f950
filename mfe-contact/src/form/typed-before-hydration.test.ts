import { describe, expect, it } from 'vitest';
import { changedValue } from './typed-before-hydration.ts';

/** A form as it arrives in HTML from the server, before anyone types. */
function serverForm() {
  const form = document.createElement('form');
  form.innerHTML = `
    <input name="name" value="">
    <textarea name="message">From the server</textarea>
    <select name="subject"><option value="" selected>Select a subject</option><option value="support">Technical Support</option></select>
    <select name="unselected"><option value="general">General Inquiry</option><option value="support">Technical Support</option></select>
    <fieldset name="group"></fieldset>`;
  return form;
}

const control = (form: HTMLFormElement, name: string) => form.elements.namedItem(name);

describe('changedValue', () => {
  it('is undefined for controls that still hold what their HTML says', () => {
    const form = serverForm();
    for (const name of ['name', 'message', 'subject', 'unselected'])
      expect(changedValue(control(form, name))).toBeUndefined();
  });

  it('is what was typed or picked since', () => {
    const form = serverForm();
    (control(form, 'name') as HTMLInputElement).value = 'Ada';
    (control(form, 'message') as HTMLTextAreaElement).value = 'Typed instead';
    (control(form, 'subject') as HTMLSelectElement).value = 'support';
    (control(form, 'unselected') as HTMLSelectElement).value = 'support';
    expect(['name', 'message', 'subject', 'unselected'].map((name) => changedValue(control(form, name)))).toEqual([
      'Ada',
      'Typed instead',
      'support',
      'support',
    ]);
  });

  it('is undefined for what is not a field, or not there', () => {
    const form = serverForm();
    expect(changedValue(control(form, 'group'))).toBeUndefined();
    expect(changedValue(control(form, 'missing'))).toBeUndefined();
  });
});
