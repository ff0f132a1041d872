import { useEffect, useState } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { waitFor } from '@testing-library/react';
import { replayEarlyInput, type EarlyInput } from './early-input';
import { EARLY_INPUT_SCRIPT } from './early-input-script';

/** Runs the head's script as the page would, in this test's window. */
function runHeadScript() {
  new Function('window', 'document', 'addEventListener', 'removeEventListener', EARLY_INPUT_SCRIPT)(
    window,
    document,
    window.addEventListener.bind(window),
    window.removeEventListener.bind(window),
  );
  return window.__earlyInput as EarlyInput;
}

/** What listeners registered later (React, once it listens on the document) get to see. */
function watchDocument() {
  const seen: string[] = [];
  const types = ['click', 'keydown', 'submit', 'input', 'change'];
  const listener = (event: Event) => {
    const target = event.target as Element;
    seen.push(`${event.type} ${target.id || target.tagName.toLowerCase()}`);
  };
  for (const type of types) document.addEventListener(type, listener);
  return {
    seen,
    stop: () => types.forEach((type) => document.removeEventListener(type, listener)),
  };
}

const byId = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

function key(target: Element, init: KeyboardEventInit) {
  const event = new KeyboardEvent('keydown', { bubbles: true, cancelable: true, ...init });
  target.dispatchEvent(event);
  return event;
}

function click(target: Element) {
  const event = new MouseEvent('click', {
    bubbles: true,
    cancelable: true,
    detail: 1,
    clientX: 12,
    clientY: 34,
  });
  target.dispatchEvent(event);
  return event;
}

afterEach(() => {
  window.__earlyInput?.stop();
  delete window.__earlyInput;
  document.body.innerHTML = '';
});

describe('the head script', () => {
  let watch: ReturnType<typeof watchDocument>;
  let early: EarlyInput;

  beforeEach(() => {
    document.body.innerHTML = `
      <button type="button" id="add"><span id="add-label">Add To Enquiry List</span></button>
      <a href="#main" id="link"><span id="link-label">Main</span></a>
      <label id="wrap"><input type="checkbox" id="check"> Gemstone</label>
      <details><summary id="summary">More</summary></details>
      <div role="group" tabindex="0" id="zoom"><p id="plain">Picture</p></div>
      <select id="select"><option>a</option><option>b</option></select>
      <form id="scripted"><input id="name" name="name"><button id="send">Send</button></form>
      <form id="native" action="/search"><input id="term" name="q"><button id="go">Go</button></form>
      <form id="javascript" action="javascript:throw new Error('React form')"><button id="act">Act</button></form>`;
    early = runHeadScript();
    watch = watchDocument();
    // jsdom does not navigate or submit: whatever reaches the document goes no further.
    document.addEventListener('click', (event) => {
      if ((event.target as Element).closest('a')) event.preventDefault();
    });
    document.addEventListener('submit', (event) => event.preventDefault());
  });

  afterEach(() => watch.stop());

  it('holds a click on a button, marks the button busy and keeps it from every later listener', () => {
    const event = click(byId('add-label'));
    expect(early.held).toEqual([
      {
        type: 'click',
        target: byId('add-label'),
        init: { detail: 1, screenX: 0, screenY: 0, clientX: 12, clientY: 34, button: 0, shiftKey: false },
      },
    ]);
    expect(event.defaultPrevented).toBe(false);
    expect(watch.seen).toEqual([]);
    expect(byId('add').hasAttribute('data-early-input')).toBe(true);
  });

  it('holds clicks on plain content too, without marking anything busy', () => {
    click(byId('plain'));
    expect(early.held.map((input) => input.target)).toEqual([byId('plain')]);
    expect(document.querySelector('[data-early-input]')).toBeNull();
  });

  it('leaves links, summaries, labels and fields to the browser', () => {
    const events = ['link-label', 'summary', 'name', 'select'].map((id) => click(byId(id)));
    expect(early.held).toEqual([]);
    expect(watch.seen).toEqual(['click link-label', 'click summary', 'click name', 'click select']);
    expect(events.slice(1).map((event) => event.defaultPrevented)).toEqual([false, false, false]);
  });

  it('holds a checkbox click with its default prevented, also when its label forwarded it', () => {
    byId('wrap').click();
    expect(byId<HTMLInputElement>('check').checked).toBe(false);
    expect(early.held.map((input) => `${input.type} ${(input.target as Element).id}`)).toEqual([
      'click check',
    ]);
    expect(watch.seen).toEqual(['click wrap']);
  });

  it('leaves a submit button to its form, and holds the submission of a form without an address', () => {
    byId('send').click();
    expect(early.held).toEqual([
      { type: 'submit', target: byId('scripted'), init: { submitter: byId('send') } },
    ]);
    expect(watch.seen).toEqual(['click send']);
    expect(byId('send').hasAttribute('data-early-input')).toBe(true);
  });

  it('lets a form with a real address submit natively, and holds one whose action is React’s', () => {
    byId('go').click();
    expect(early.held).toEqual([]);
    expect(watch.seen).toEqual(['click go', 'submit native']);
    const submitted = new SubmitEvent('submit', { bubbles: true, cancelable: true, submitter: byId('act') });
    byId('javascript').dispatchEvent(submitted);
    expect(submitted.defaultPrevented).toBe(true);
    expect(early.held.map((input) => input.type)).toEqual(['submit']);
  });

  it('holds keys on a focused control without preventing them, and leaves typing and shortcuts alone', () => {
    const arrow = key(byId('zoom'), { key: 'ArrowDown', code: 'ArrowDown' });
    key(byId('add'), { key: 'ArrowDown', code: 'ArrowDown' });
    expect(arrow.defaultPrevented).toBe(false);
    expect(early.held.map((input) => [input.type, (input.target as Element).id, input.init])).toEqual([
      [
        'keydown',
        'zoom',
        { key: 'ArrowDown', code: 'ArrowDown', location: 0, repeat: false, shiftKey: false },
      ],
      [
        'keydown',
        'add',
        { key: 'ArrowDown', code: 'ArrowDown', location: 0, repeat: false, shiftKey: false },
      ],
    ]);
    key(byId('add'), { key: 'Enter' });
    key(byId('add'), { key: ' ' });
    key(byId('zoom'), { key: 'Tab' });
    key(byId('zoom'), { key: 'k', ctrlKey: true });
    key(byId('zoom'), { key: 'Shift' });
    key(byId('name'), { key: 'a' });
    key(document.body, { key: 'PageDown' });
    expect(early.held).toHaveLength(2);
    expect(watch.seen).toEqual([
      'keydown add',
      'keydown add',
      'keydown zoom',
      'keydown zoom',
      'keydown zoom',
      'keydown name',
      'keydown body',
    ]);
  });

  it('notes edits of fields', () => {
    byId<HTMLInputElement>('name').value = 'Asha';
    byId('name').dispatchEvent(new Event('input', { bubbles: true }));
    byId('select').dispatchEvent(new Event('change', { bubbles: true }));
    expect(early.held.map((input) => `${input.type} ${(input.target as Element).id}`)).toEqual([
      'value name',
      'value select',
    ]);
    expect(watch.seen).toEqual([]);
  });

  it('notes the first pointer or key, which starts the page’s scripts', () => {
    expect(early.touched).toBe(false);
    byId('plain').dispatchEvent(new Event('pointerdown', { bubbles: true }));
    expect(early.touched).toBe(true);
  });

  it('stops holding when stopped: listeners and busy marks gone, what it held returned', () => {
    click(byId('add'));
    const held = early.stop();
    expect(held.map((input) => input.target)).toEqual([byId('add')]);
    expect(byId('add').hasAttribute('data-early-input')).toBe(false);
    click(byId('add'));
    expect(watch.seen).toEqual(['click add']);
    expect(early.held).toEqual([]);
    expect(early.stop()).toEqual([]);
  });

  it('installs itself once when run twice', () => {
    runHeadScript();
    click(byId('add'));
    expect(early.held).toHaveLength(1);
    expect(window.__earlyInput).toBe(early);
  });
});

/** A page whose controls only work through React, as the storefront's do. */
function Page() {
  const [count, setCount] = useState(0);
  const [query, setQuery] = useState('');
  const [isOpen, setIsOpen] = useState(false);
  const [sent, setSent] = useState<string[]>([]);
  const [zoom, setZoom] = useState(1);
  const [size, setSize] = useState('s');
  useEffect(() => {
    document.documentElement.dataset.pageHydrated = '';
    return () => {
      delete document.documentElement.dataset.pageHydrated;
    };
  }, []);
  return (
    <main>
      {/* `count + 1`, not an updater: two taps count two only if each is rendered before the next. */}
      <button type="button" id="add" onClick={() => setCount(count + 1)}>
        Add
      </button>
      <output id="count">{count}</output>
      <button type="button" id="menu" aria-expanded={isOpen} onClick={() => setIsOpen((open) => !open)}>
        Menu
      </button>
      <input
        id="query"
        aria-label="Search"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
      />
      <p id="query-seen">{query}</p>
      <select id="size" value={size} onChange={(event) => setSize(event.target.value)}>
        <option value="s">S</option>
        <option value="m">M</option>
      </select>
      <p id="size-seen">{size}</p>
      <form
        id="form"
        onSubmit={(event) => {
          event.preventDefault();
          const submitter = (event.nativeEvent as SubmitEvent).submitter;
          setSent((all) => [...all, submitter?.id ?? 'none']);
        }}
      >
        <button id="send">Send</button>
      </form>
      <p id="sent">{sent.join(',')}</p>
      <div
        id="zoom"
        role="group"
        tabIndex={0}
        onKeyDown={(event) => {
          if (event.key === '+') setZoom((z) => z + 1);
        }}
      >
        {zoom}
      </div>
    </main>
  );
}

describe('replayEarlyInput', () => {
  let container: HTMLElement;
  let root: Root | null = null;
  const actEnvironment = (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT;

  beforeEach(() => {
    // React renders as in a browser: each replay's update is rendered in its own time, not in act().
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
    container = document.createElement('div');
    container.innerHTML = renderToString(<Page />);
    document.body.append(container);
    runHeadScript();
  });

  afterEach(() => {
    root?.unmount();
    root = null;
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = actEnvironment;
  });

  const text = (id: string) => byId(id).textContent;

  async function hydrate() {
    root = hydrateRoot(container, <Page />);
    await waitFor(() => expect(document.documentElement.dataset.pageHydrated).toBe(''));
  }

  it('applies every tap, key, submission and edit made before hydration exactly once, in order', async () => {
    click(byId('add'));
    click(byId('add'));
    click(byId('menu'));
    byId<HTMLInputElement>('query').value = 'ring';
    byId('query').dispatchEvent(new Event('input', { bubbles: true }));
    byId<HTMLSelectElement>('size').value = 'm';
    byId('size').dispatchEvent(new Event('change', { bubbles: true }));
    byId('send').click();
    key(byId('zoom'), { key: '+' });

    await hydrate();
    // Hydrated: React shows the server's state, and the typed text is still in its box.
    expect(text('count')).toBe('0');
    expect(byId<HTMLInputElement>('query').value).toBe('ring');
    await replayEarlyInput();

    await waitFor(() => expect(text('zoom')).toBe('2'));
    expect(text('count')).toBe('2');
    expect(byId('menu').getAttribute('aria-expanded')).toBe('true');
    expect(text('query-seen')).toBe('ring');
    expect(byId<HTMLInputElement>('query').value).toBe('ring');
    expect(text('size-seen')).toBe('m');
    expect(text('sent')).toBe('send');
    expect(document.querySelector('[data-early-input]')).toBeNull();
  });

  it('leaves later events to React alone', async () => {
    click(byId('add'));
    await hydrate();
    await replayEarlyInput();
    await waitFor(() => expect(text('count')).toBe('1'));
    click(byId('add'));
    await waitFor(() => expect(text('count')).toBe('2'));
    await replayEarlyInput();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(text('count')).toBe('2');
  });

  it('tells React a field’s final value once, with its caret', async () => {
    const query = byId<HTMLInputElement>('query');
    for (const value of ['r', 'ri', 'rin']) {
      query.value = value;
      query.dispatchEvent(new Event('input', { bubbles: true }));
    }
    query.setSelectionRange(1, 1);
    const seen: string[] = [];
    query.addEventListener('input', () => seen.push(query.value));
    await hydrate();
    await replayEarlyInput();
    await waitFor(() => expect(text('query-seen')).toBe('rin'));
    expect(seen).toEqual(['rin']);
    expect([query.selectionStart, query.selectionEnd]).toEqual([1, 1]);
  });

  it('tells nothing of a field edited back to what was rendered', async () => {
    const query = byId<HTMLInputElement>('query');
    for (const value of ['r', '']) {
      query.value = value;
      query.dispatchEvent(new Event('input', { bubbles: true }));
    }
    const seen: string[] = [];
    query.addEventListener('input', () => seen.push(query.value));
    await hydrate();
    await replayEarlyInput();
    expect(seen).toEqual([]);
  });

  it('skips an element that is no longer on the page', async () => {
    const kept = document.createElement('button');
    const gone = document.createElement('button');
    document.body.append(kept, gone);
    const clicks: string[] = [];
    kept.addEventListener('click', () => clicks.push('kept'));
    gone.addEventListener('click', () => clicks.push('gone'));
    click(gone);
    click(kept);
    gone.remove();
    await replayEarlyInput();
    expect(clicks).toEqual(['kept']);
  });

  it('does nothing on a page without the head script', async () => {
    window.__earlyInput?.stop();
    delete window.__earlyInput;
    await expect(replayEarlyInput()).resolves.toBeUndefined();
  });
});
