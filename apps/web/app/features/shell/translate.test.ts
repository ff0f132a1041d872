import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TRANSLATE_SCRIPT_URL, chooseTranslation, loadTranslateElement } from './translate';

describe('chooseTranslation', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    document.body.innerHTML = '';
  });

  it('polls every 500 ms until the dropdown appears, then picks the language', async () => {
    const onChange = vi.fn();
    const done = chooseTranslation('fr');
    await vi.advanceTimersByTimeAsync(1000);
    const combo = document.createElement('select');
    combo.className = 'goog-te-combo';
    for (const code of ['en', 'fr']) combo.append(new Option(code, code));
    combo.addEventListener('change', onChange);
    document.body.append(combo);
    await vi.advanceTimersByTimeAsync(500);
    await expect(done).resolves.toBe(true);
    expect(combo.value).toBe('fr');
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it('gives up quietly after 40 attempts', async () => {
    const done = chooseTranslation('de');
    await vi.advanceTimersByTimeAsync(39 * 500 - 1);
    let settled = false;
    void done.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await expect(done).resolves.toBe(false);
  });
});

describe('loadTranslateElement', () => {
  afterEach(() => {
    document.head.querySelectorAll('script').forEach((s) => s.remove());
    document.body.innerHTML = '';
  });

  it('adds the provider script only when asked, and rejects when it cannot load', async () => {
    expect(document.querySelector(`script[src="${TRANSLATE_SCRIPT_URL}"]`)).toBeNull();
    const loading = loadTranslateElement();
    const script = document.querySelector<HTMLScriptElement>(`script[src="${TRANSLATE_SCRIPT_URL}"]`);
    expect(script).not.toBeNull();
    script?.onerror?.(new Event('error'));
    await expect(loading).rejects.toThrow(/failed to load/);
    // A later attempt tries again rather than reusing the failure.
    const retry = loadTranslateElement();
    expect(document.querySelectorAll(`script[src="${TRANSLATE_SCRIPT_URL}"]`)).toHaveLength(2);
    document.querySelectorAll<HTMLScriptElement>('script').forEach((s) => s.onerror?.(new Event('error')));
    await expect(retry).rejects.toThrow();
  });

  it('builds the translate element for the 22 languages once the script calls back', async () => {
    const built = vi.fn();
    const win = window as unknown as Record<string, unknown>;
    win.google = {
      translate: {
        TranslateElement: function (options: object, id: string) {
          built(options, id);
        },
      },
    };
    const loading = loadTranslateElement();
    (win.__translateElementReady as () => void)();
    await expect(loading).resolves.toBeUndefined();
    const [options, id] = built.mock.calls[0] as [{ includedLanguages: string }, string];
    expect(id).toBe('google_translate_element');
    expect(options.includedLanguages.split(',')).toHaveLength(22);
    expect(document.getElementById('google_translate_element')).not.toBeNull();
    delete win.google;
  });
});
