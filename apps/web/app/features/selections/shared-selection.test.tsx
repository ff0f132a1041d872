import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { emptyAttributes } from '@catalogue/shared/schemas/attributes';
import { SharedSelection } from './shared-selection';

const design = {
  productId: 'p1',
  code: 'PS-1',
  name: 'Polki Set',
  imageUrl: null,
  attributes: emptyAttributes(),
  weightGrams: null,
  minOrderQuantity: null,
};

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
});
