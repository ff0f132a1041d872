/** A tap, key, submission or field edit the head's script held before React ran the page. */
export type HeldInput =
  | { type: 'click'; target: Element; init: MouseEventInit }
  | { type: 'keydown'; target: Element; init: KeyboardEventInit }
  | { type: 'submit'; target: HTMLFormElement; init: { submitter: HTMLElement | null } }
  | { type: 'value'; target: Element; init: null };

/** What the head's script (early-input-script.ts) leaves on `window`. */
export type EarlyInput = {
  held: HeldInput[];
  /** A pointer went down or a key was pressed: the page's scripts start at once. */
  touched: boolean;
  /** Removes its listeners and busy marks; hands over what it held, once. */
  stop: () => HeldInput[];
};

declare global {
  interface Window {
    __earlyInput?: EarlyInput;
  }
}

/** Each replay in a task of its own: React renders the one before first, so `+`, `+` counts two. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Replays, once React runs the page, what the head's script held, exactly once each, on the element
 * it was meant for. The script stops holding at once (from here on React sees events itself).
 * Fields are told first, at once, each its final value: React hydrated them keeping what was typed,
 * but any render of their component puts its own value back (the first field told may re-render
 * the others' component), so every edited field's value is read before any is told. Taps, keys
 * and submissions follow in the order they came, each in a later task, outside React's commit, so
 * each one is rendered before the next. An element React no longer shows is skipped.
 */
export async function replayEarlyInput(): Promise<void> {
  const early = window.__earlyInput;
  if (!early) return;
  const held = early.stop();
  const edited = new Set(held.filter((input) => input.type === 'value').map((input) => input.target));
  const typed = [...edited].map((field) => ({ field, value: valueOf(field) }));
  for (const { field, value } of typed) replaySafely(() => tellFieldValue(field, value), field);
  for (const input of held) {
    if (input.type === 'value') continue;
    await nextTask();
    replaySafely(() => replayOne(input), input.target);
  }
}

function replaySafely(replay: () => void, target: Element) {
  if (!target.isConnected) return;
  try {
    replay();
  } catch (error) {
    // One replay that cannot run (a form that refuses its submitter) must not cost the others.
    console.error(error);
  }
}

function replayOne(input: Exclude<HeldInput, { type: 'value' }>) {
  const event = { bubbles: true, cancelable: true, composed: true };
  switch (input.type) {
    case 'click':
      input.target.dispatchEvent(new MouseEvent('click', { ...event, ...input.init }));
      break;
    case 'keydown':
      input.target.dispatchEvent(new KeyboardEvent('keydown', { ...event, ...input.init }));
      break;
    case 'submit': {
      const { submitter } = input.init;
      const isOwnSubmitter = submitter?.isConnected && (submitter as HTMLButtonElement).form === input.target;
      input.target.requestSubmit(isOwnSubmitter ? submitter : undefined);
      break;
    }
  }
}

/** A field as the visitor left it: a text field's text and caret, a select's chosen options. */
type FieldValue =
  { text: string; selection: [number, number] | null } | { chosen: readonly boolean[] } | null;

function valueOf(field: Element): FieldValue {
  if (field instanceof HTMLSelectElement) return { chosen: [...field.options].map((o) => o.selected) };
  if (field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement)
    return { text: field.value, selection: selectionOf(field) };
  return null;
}

/**
 * Makes React see a field's value typed before it ran. React hydrates a field keeping what is in it
 * and remembers that value as the last one it saw, so an `input` event alone would not reach the
 * field's `onChange`: the field is first set (through the element, which React tracks) to the value
 * React rendered (`defaultValue`, which React keeps equal to it), then given the typed value through
 * the prototype's setter (which React does not track), and an `input` event follows. A value equal
 * to React's changed nothing and is not told. A select gets its chosen options back and a `change`;
 * an editable element an `input`.
 */
function tellFieldValue(field: Element, value: FieldValue) {
  if (field instanceof HTMLSelectElement && value && 'chosen' in value) {
    [...field.options].forEach((option, i) => (option.selected = value.chosen[i] ?? false));
    field.dispatchEvent(new Event('change', { bubbles: true }));
  } else if (
    (field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) &&
    value &&
    'text' in value
  ) {
    if (value.text === field.defaultValue) return;
    const prototype =
      field instanceof HTMLInputElement ? HTMLInputElement.prototype : HTMLTextAreaElement.prototype;
    field.value = field.defaultValue;
    Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, value.text);
    if (value.selection) field.setSelectionRange(...value.selection);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  } else {
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }
}

/** The caret of a text field (setting the value moves it to the end); null for other types. */
function selectionOf(field: HTMLInputElement | HTMLTextAreaElement): [number, number] | null {
  try {
    const { selectionStart, selectionEnd } = field;
    return selectionStart === null || selectionEnd === null ? null : [selectionStart, selectionEnd];
  } catch {
    return null;
  }
}
