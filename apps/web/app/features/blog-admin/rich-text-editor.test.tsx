import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { isBlankHtml, normaliseLinkUrl, RichTextEditor } from './rich-text-editor';

describe('RichTextEditor', () => {
  it('offers a labelled toolbar with one tab stop that arrow keys move through', () => {
    render(
      <>
        <span id="label">Content</span>
        <RichTextEditor id="content" labelledBy="label" value="<p>Hi</p>" onChange={vi.fn()} />
      </>,
    );
    const toolbar = screen.getByRole('toolbar', { name: 'Formatting' });
    const buttons = screen.getAllByRole('button');
    expect(buttons.map((b) => b.getAttribute('aria-label'))).toEqual([
      'Paragraph',
      'Heading',
      'Subheading',
      'Bold',
      'Italic',
      'Bulleted list',
      'Numbered list',
      'Quote',
      'Link',
      'Remove link',
      'Undo',
      'Redo',
    ]);
    expect(buttons.filter((b) => b.tabIndex === 0)).toHaveLength(1);
    buttons[0]!.focus();
    fireEvent.keyDown(toolbar, { key: 'ArrowRight' });
    expect(screen.getByRole('button', { name: 'Heading' })).toHaveFocus();
    fireEvent.keyDown(toolbar, { key: 'End' });
    expect(screen.getByRole('button', { name: 'Redo' })).toHaveFocus();
    fireEvent.keyDown(toolbar, { key: 'ArrowRight' });
    expect(screen.getByRole('button', { name: 'Paragraph' })).toHaveFocus();

    const editor = screen.getByRole('textbox', { name: 'Content' });
    expect(editor).toHaveAttribute('contenteditable', 'true');
    expect(editor.innerHTML).toBe('<p>Hi</p>');
  });

  it('asks for a valid address before adding a link', () => {
    render(
      <>
        <span id="label">Content</span>
        <RichTextEditor id="content" labelledBy="label" value="" onChange={vi.fn()} />
      </>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Link' }));
    const url = screen.getByLabelText('Web address');
    fireEvent.change(url, { target: { value: 'javascript:alert(1)' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add link' }));
    expect(screen.getByText(/Enter a full web address/)).toBeInTheDocument();
  });
});

describe('editor helpers', () => {
  it('treats markup without text or picture as empty', () => {
    expect(isBlankHtml('<p><br></p>')).toBe(true);
    expect(isBlankHtml('<p>&nbsp;</p>')).toBe(true);
    expect(isBlankHtml('<p>x</p>')).toBe(false);
    expect(isBlankHtml('<img src="https://a.example/x.png">')).toBe(false);
  });

  it('keeps only http(s) and mailto links', () => {
    expect(normaliseLinkUrl('www.gems.in/about')).toBe('https://www.gems.in/about');
    expect(normaliseLinkUrl('sales@gems.in')).toBe('mailto:sales@gems.in');
    expect(normaliseLinkUrl('http://gems.in')).toBe('http://gems.in/');
    expect(normaliseLinkUrl('javascript:alert(1)')).toBeNull();
    expect(normaliseLinkUrl('data:text/html,x')).toBeNull();
    expect(normaliseLinkUrl('not a url')).toBeNull();
  });
});
