import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ShareButton, shareLink } from '~/features/catalogue/share-button';
import { renderWithProviders } from '~/lib/test-utils';

const data = { url: 'https://shop.test/singleproduct/1', title: 'Lotus Ring', text: 'Look' };
const texts = { copied: 'Product link copied to clipboard!', copyManually: 'Copy this link' };

function environment(overrides: Partial<Parameters<typeof shareLink>[1]> = {}) {
  return { alert: vi.fn(), prompt: vi.fn(), ...overrides };
}

describe('shareLink', () => {
  it('uses native sharing when the device has it', async () => {
    const env = environment({ share: vi.fn().mockResolvedValue(undefined), writeText: vi.fn() });
    expect(await shareLink(data, env, texts)).toBe('shared');
    expect(env.share).toHaveBeenCalledWith(data);
    expect(env.writeText).not.toHaveBeenCalled();
    expect(env.alert).not.toHaveBeenCalled();
  });

  it('does nothing more when the visitor closes the share sheet', async () => {
    const abort = Object.assign(new Error('closed'), { name: 'AbortError' });
    const env = environment({ share: vi.fn().mockRejectedValue(abort), writeText: vi.fn() });
    expect(await shareLink(data, env, texts)).toBe('cancelled');
    expect(env.writeText).not.toHaveBeenCalled();
  });

  it('copies the link and says so when there is no native sharing, or it refuses', async () => {
    const env = environment({ writeText: vi.fn().mockResolvedValue(undefined) });
    expect(await shareLink(data, env, texts)).toBe('copied');
    expect(env.writeText).toHaveBeenCalledWith(data.url);
    expect(env.alert).toHaveBeenCalledWith('Product link copied to clipboard!');

    const refusing = environment({
      share: vi.fn().mockRejectedValue(new Error('NotAllowedError')),
      writeText: vi.fn().mockResolvedValue(undefined),
    });
    expect(await shareLink(data, refusing, texts)).toBe('copied');
  });

  it('asks the visitor to copy the link by hand when nothing else works', async () => {
    const env = environment({ writeText: vi.fn().mockRejectedValue(new Error('denied')) });
    expect(await shareLink(data, env, texts)).toBe('manual');
    expect(env.prompt).toHaveBeenCalledWith('Copy this link', data.url);
    expect(env.alert).not.toHaveBeenCalled();

    const bare = environment();
    expect(await shareLink(data, bare, texts)).toBe('manual');
  });
});

describe('ShareButton', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shares the page address through the browser', async () => {
    const share = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', { ...navigator, share });
    renderWithProviders(<ShareButton title="Lotus Ring" />);
    await userEvent.click(screen.getByRole('button', { name: 'Share Product' }));
    expect(share).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'Lotus Ring', url: window.location.href }),
    );
  });
});
