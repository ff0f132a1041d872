import { describe, expect, it, vi } from 'vitest';
import { loadExcelJs, loadSheetJs, onFirstUse } from './on-first-use.ts';

describe('onFirstUse', () => {
  it('loads once, on the first call, and shares the result', async () => {
    const load = vi.fn(async () => ({ name: 'library' }));
    const get = onFirstUse(load);
    expect(load).not.toHaveBeenCalled();
    const [a, b] = await Promise.all([get(), get()]);
    expect(a).toBe(b);
    expect(await get()).toBe(a);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries again after a failed load', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('not yet')).mockResolvedValue('loaded');
    const get = onFirstUse(load);
    await expect(get()).rejects.toThrow('not yet');
    await expect(get()).resolves.toBe('loaded');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('gives the spreadsheet libraries themselves', async () => {
    expect(typeof new (await loadExcelJs()).Workbook().addWorksheet).toBe('function');
    expect(typeof (await loadSheetJs()).read).toBe('function');
  });
});
