import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BreakableText, breakPoints } from './breakable-text';

describe('BreakableText', () => {
  it('breaks an e-mail after @ and before dots, hyphens and underscores', () => {
    expect(breakPoints('asha.verma@jaipur-gems.co.in')).toEqual([
      'asha',
      '.verma@',
      'jaipur',
      '-gems',
      '.co',
      '.in',
    ]);
    expect(breakPoints('https://shop.example/new_in')).toEqual([
      'https:/',
      '/',
      'shop',
      '.example/',
      'new',
      '_in',
    ]);
    expect(breakPoints('plain')).toEqual(['plain']);
  });

  it('reads as the whole address, with a <wbr> at each break', () => {
    const { container } = render(<BreakableText text="asha.verma@jaipur-gems.in" />);
    expect(container.textContent).toBe('asha.verma@jaipur-gems.in');
    expect(container.querySelectorAll('wbr')).toHaveLength(4);
  });
});
