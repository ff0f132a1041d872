import { describe, expect, it } from 'vitest';
import { html, mailTable } from './mail-html.ts';

const squash = (s: string) => s.replace(/\s+/g, ' ').replace(/> </g, '><').trim();

describe('mailTable', () => {
  const rows = [
    { sku: 'KR-1', name: 'Kundan <Ring>', qty: 3 },
    { sku: 'PP-2', name: 'Polki "Pendant"', qty: 250 },
  ];
  const columns = [
    { heading: 'Model No.', cell: (r: (typeof rows)[number]) => r.sku },
    { heading: 'Item', cell: (r: (typeof rows)[number]) => r.name },
    { heading: 'Qty', align: 'right' as const, cell: (r: (typeof rows)[number]) => r.qty },
  ];

  it('has a heading row and one row per item, right-aligned where asked, values escaped', () => {
    const out = squash(mailTable(columns, rows).value);
    expect(out).toContain(
      '<tr style="background:#7a4b12;color:#fff"><th align="left">Model No.</th><th align="left">Item</th><th align="right">Qty</th></tr>',
    );
    expect(out).toContain(
      '<tr><td style="border-bottom:1px solid #eee">KR-1</td><td style="border-bottom:1px solid #eee">Kundan &lt;Ring&gt;</td><td align="right" style="border-bottom:1px solid #eee">3</td></tr>',
    );
    expect(out).toContain('Polki &quot;Pendant&quot;');
    expect(out.match(/<tr>/g)).toHaveLength(2);
    expect(out).not.toContain('colspan');
  });

  it('closes with a total row spanning all but the last column; a cell may be a fragment', () => {
    const out = squash(
      mailTable(
        [...columns, { heading: 'Note', cell: () => html`<small>hand set</small>` }],
        rows.slice(0, 1),
        { label: 'Total', value: 'INR 1,250.50' },
      ).value,
    );
    expect(out).toContain('<small>hand set</small>');
    expect(out).toContain(
      '<tr><th align="left" colspan="3">Total</th><th align="right">INR 1,250.50</th></tr>',
    );
  });
});
