import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ImportResult } from '@catalogue/shared/schemas/product-import';
import type * as apiClient from '~/lib/api-client';
import { ApiError, apiRequest } from '~/lib/api-client';
import { ExcelUpload, checkExcelFile } from './excel-upload';

vi.mock('~/lib/api-client', async (original) => ({
  ...(await original<typeof apiClient>()),
  apiRequest: vi.fn(),
}));

const request = vi.mocked(apiRequest);
const xlsx = (name = 'designs.xlsx') => new File(['PK'], name, { type: 'application/octet-stream' });
const result = (over: Partial<ImportResult> = {}): ImportResult => ({
  message: '',
  count: 2,
  created: 1,
  updated: 1,
  errors: [{ row: 4, field: 'category', message: 'category must be one of Rings, Bracelets' }],
  ...over,
});

function setup() {
  render(<ExcelUpload />);
  return userEvent.setup({ applyAccept: false });
}

describe('checkExcelFile', () => {
  it('wants an .xlsx or .xls under the size limit', () => {
    expect(checkExcelFile(null)).toBe('required');
    expect(checkExcelFile(xlsx('a.XLS'))).toBeNull();
    expect(checkExcelFile(xlsx('a.csv'))).toBe('wrongType');
    const big = xlsx();
    Object.defineProperty(big, 'size', { value: 11 * 1024 * 1024 });
    expect(checkExcelFile(big)).toBe('tooLarge');
  });
});

describe('ExcelUpload', () => {
  afterEach(() => request.mockReset());

  it("asks for a file first: 'Please select a file before uploading.'", async () => {
    const user = setup();
    await user.click(screen.getByRole('button', { name: 'Upload File' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please select a file before uploading.');
    expect(request).not.toHaveBeenCalled();
  });

  it('names the chosen file and refuses one that is not Excel', async () => {
    const user = setup();
    const input = screen.getByLabelText(/Excel file/);
    await user.upload(input, xlsx('notes.txt'));
    expect(screen.getByRole('alert')).toHaveTextContent('Only Excel files (.xlsx or .xls) are allowed');
    await user.upload(input, xlsx());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByText('Selected file: designs.xlsx')).toBeInTheDocument();
  });

  it('checks with a dry run, lists rejected rows, then imports and reports the count', async () => {
    request.mockResolvedValueOnce(result()).mockResolvedValueOnce(result({ errors: [] }));
    const user = setup();
    await user.upload(screen.getByLabelText(/Excel file/), xlsx());
    await user.click(screen.getByRole('button', { name: 'Upload File' }));

    expect(request.mock.calls[0]![0]).toBe('/products/admin/uploadexcel?dryRun=1');
    expect(await screen.findByText('1 new product will be created')).toBeInTheDocument();
    expect(screen.getByText('1 existing product will be updated')).toBeInTheDocument();
    expect(screen.getByText('1 row will be rejected')).toBeInTheDocument();
    expect(
      screen.getByRole('cell', { name: 'category must be one of Rings, Bracelets' }),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Import 2 products' }));
    expect(request.mock.calls[1]![0]).toBe('/products/admin/uploadexcel');
    expect(await screen.findByText('Success! 2 products uploaded.')).toBeInTheDocument();
  });

  it('offers no import when every row is rejected', async () => {
    request.mockResolvedValueOnce(result({ count: 0, created: 0, updated: 0 }));
    const user = setup();
    await user.upload(screen.getByLabelText(/Excel file/), xlsx());
    await user.click(screen.getByRole('button', { name: 'Upload File' }));
    expect(await screen.findByText(/No row can be imported/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Import/ })).not.toBeInTheDocument();
  });

  it("says 'Upload failed.' with the server's reason on a refusal, and the error text without an answer", async () => {
    request
      .mockRejectedValueOnce(new ApiError(415, 'Only Excel files (.xlsx or .xls) are allowed'))
      .mockRejectedValueOnce(new ApiError(0, 'No response from server. Please try again.'));
    const user = setup();
    await user.upload(screen.getByLabelText(/Excel file/), xlsx());
    await user.click(screen.getByRole('button', { name: 'Upload File' }));
    const refused = await screen.findByRole('alert');
    expect(refused).toHaveTextContent('Upload failed.');
    expect(refused).toHaveTextContent('Only Excel files (.xlsx or .xls) are allowed');
    await user.click(screen.getByRole('button', { name: 'Upload File' }));
    expect(await screen.findByText('An error occurred while uploading.')).toBeInTheDocument();
  });
});
