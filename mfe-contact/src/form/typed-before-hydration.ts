import { submitsWhenLive, untilLiveRecord } from '@nova/contracts/until-live';
import { emptyContactDraft, type ContactDraft } from '@nova/store';
import { useLayoutEffect, type RefObject } from 'react';

const draftFields = Object.keys(emptyContactDraft) as (keyof ContactDraft)[];

/** A control's value when it is not the one its HTML was built with (typed or picked since); else undefined. */
export function changedValue(control: Element | RadioNodeList | null): string | undefined {
  if (control instanceof HTMLSelectElement) {
    const built = [...control.options].find((option) => option.defaultSelected) ?? control.options[0];
    return control.value === (built?.value ?? '') ? undefined : control.value;
  }
  if (control instanceof HTMLInputElement || control instanceof HTMLTextAreaElement) {
    return control.value === control.defaultValue ? undefined : control.value;
  }
  return undefined;
}

/**
 * What the visitor typed into the server's HTML of the form before the page ran. React adopts
 * those fields as it rendered them (the empty draft: the stored one fills in after hydration) and
 * would overwrite what they hold; so, as soon as the form is live, each field that holds
 * something else goes into the draft, ahead of anything stored for it. A no-op on a form the
 * browser rendered itself.
 */
export function useKeepTypedBeforeHydration(
  form: RefObject<HTMLFormElement | null>,
  keep: (typed: Partial<ContactDraft>) => void,
) {
  useLayoutEffect(() => {
    const controls = form.current?.elements;
    if (!controls) return;
    const typed = Object.fromEntries(
      draftFields.flatMap((field) => {
        const value = changedValue(controls.namedItem(field));
        return value === undefined ? [] : [[field, value]];
      }),
    );
    if (Object.keys(typed).length > 0) keep(typed);
  }, [form, keep]);
}

/**
 * A submit the shell's document held because it came before the page was live (see
 * @nova/contracts/until-live): submitted again as soon as the form is live, after what was typed
 * is kept, so the browser checks the fields and the page sends it.
 */
export function useSubmitHeldBeforeHydration(form: RefObject<HTMLFormElement | null>) {
  useLayoutEffect(() => {
    const held = form.current;
    const heldSubmits = untilLiveRecord()?.heldSubmits;
    if (!held || !heldSubmits?.has(held)) return;
    heldSubmits.delete(held);
    // Live from here on: this submit is the page's to send (React drops the mark on its next render too).
    held.removeAttribute(submitsWhenLive);
    held.requestSubmit();
  }, [form]);
}
