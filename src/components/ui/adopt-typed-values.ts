/**
 * Fields of a prerendered form are usable before the app runs. When React hydrates them it leaves
 * what was typed in the DOM but records it as already seen, so no change reaches the screen's
 * state, and the next render would put the state's (empty) value back. Each field that differs
 * from the value React rendered is therefore set back to that value through the element (React's
 * value tracker sees it), given the typed value again through the prototype's setter (which React
 * does not see), and announced with the event React listens to: the screen receives it as typing.
 */
export function adoptTypedValues(form: HTMLFormElement | HTMLElement): void {
  // A form's own fields, or those of any prerendered part that is no form (the quote's items).
  const fields = form instanceof HTMLFormElement ? Array.from(form.elements) : Array.from(form.querySelectorAll('input, textarea'));
  for (const element of fields) {
    if (element instanceof HTMLInputElement && (element.type === 'checkbox' || element.type === 'radio')) {
      if (element.checked === element.defaultChecked) continue;
      // A radio the chosen one unchecked follows it. Re-checking it (the group's default, first in
      // the page) would uncheck the chosen one, and the choice would be lost.
      if (element.type === 'radio' && !element.checked) continue;
      const ticked = element.checked;
      element.checked = !ticked;
      // A click toggles it back to what the person chose, through React's change handling.
      element.click();
    } else if (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement) {
      if (element.type === 'hidden' || element.value === element.defaultValue) continue;
      const typed = element.value;
      const selection = selectionOf(element);
      element.value = element.defaultValue;
      Object.getOwnPropertyDescriptor(Object.getPrototypeOf(element), 'value')?.set?.call(element, typed);
      element.dispatchEvent(new Event('input', { bubbles: true }));
      if (selection && document.activeElement === element) element.setSelectionRange(selection[0], selection[1]);
    }
  }
}

/** Where the caret was (email and number fields have none to restore). */
function selectionOf(element: HTMLInputElement | HTMLTextAreaElement): [number, number] | null {
  try {
    return element.selectionStart === null || element.selectionEnd === null ? null : [element.selectionStart, element.selectionEnd];
  } catch {
    return null;
  }
}

/** The page loader marks a form submitted before the app ran; true once, then forgotten. */
export function takePendingSubmit(form: HTMLFormElement): boolean {
  if (!form.hasAttribute('data-submit-pending')) return false;
  form.removeAttribute('data-submit-pending');
  return true;
}
