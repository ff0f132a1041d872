import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { emptyAttributes } from '@catalogue/shared/schemas/attributes';
import type { SharedDesign } from '@catalogue/shared/schemas/selection';
import { SharedSelection } from './shared-selection';

const design: SharedDesign = {
  productId: 'p1',
  code: 'PS-1',
  name: 'Polki Set',
  imageUrl: null,
  attributes: emptyAttributes(),
  weightGrams: null,
  minOrderQuantity: null,
};

/** The page of a link to "Bridal sets" with these designs; its first design's pictures opened. */
async function openGallery(designs: SharedDesign[]) {
  const user = userEvent.setup();
  render(
    <MemoryRouter>
      <SharedSelection token="Tok_en-1" title="Bridal sets" note="" designs={designs} />
    </MemoryRouter>,
  );
  await user.click(screen.getByRole('button', { name: 'See the pictures of PS-1' }));
  return { user, dialog: screen.getByRole('dialog', { name: 'PS-1 · Polki Set' }) };
}

describe('SharedSelection', () => {
  it("links the link's line sheet as a PDF and as an Excel workbook", () => {
    render(
      <MemoryRouter>
        <SharedSelection token="Tok_en-1" title="Bridal sets" note="" designs={[design]} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'Download line sheet (PDF)' })).toHaveAttribute(
      'href',
      '/s/Tok_en-1/linesheet.pdf',
    );
    expect(screen.getByRole('link', { name: 'Download line sheet (Excel)' })).toHaveAttribute(
      'href',
      '/s/Tok_en-1/linesheet.xlsx',
    );
  });

  it("opens a design's gallery on tap: every picture, first first, and the next one by a thumbnail or the arrow key", async () => {
    const pictures = ['front', 'side', 'back'].map((view, i) => ({
      _id: `img-${i}`,
      url: `https://img.example.com/ps-1-${view}.jpg`,
      alt: `Polki Set, ${view}`,
      altHi: '',
      width: null,
      height: null,
    }));
    const { user, dialog } = await openGallery([{ ...design, imageUrl: pictures[0]!.url, images: pictures }]);
    const thumbs = within(dialog).getAllByRole('button', { name: /^Picture \d of 3$/ });
    expect(thumbs).toHaveLength(3);
    expect(thumbs[0]).toHaveAttribute('aria-current', 'true');
    expect(within(dialog).getByRole('img', { name: 'Polki Set, front' })).toBeInTheDocument();
    await user.click(thumbs[2]!);
    expect(within(dialog).getByRole('img', { name: 'Polki Set, back' })).toBeInTheDocument();
    await user.keyboard('{ArrowLeft}');
    expect(within(dialog).getByRole('img', { name: 'Polki Set, side' })).toBeInTheDocument();
  });

  it('shows the one picture of a design without a gallery, with no thumbnails', async () => {
    const { dialog } = await openGallery([
      { ...design, imageUrl: 'https://img.example.com/ps-1.jpg', images: [] },
    ]);
    expect(within(dialog).queryAllByRole('button', { name: /^Picture/ })).toHaveLength(0);
    expect(within(dialog).getByRole('img', { name: 'Polki Set' })).toBeInTheDocument();
  });
});
