import { describe, expect, it } from 'vitest';
import { cleanSubject, detailsTable, escapeHtml, html, mailLayout, multiline } from './mail-html.ts';

describe('HTML for e-mail', () => {
  it('escapes the five HTML-significant characters', () => {
    expect(escapeHtml(`<a href="x" onclick='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; onclick=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
    expect(escapeHtml(null)).toBe('');
    expect(escapeHtml(42)).toBe('42');
  });

  it('escapes every interpolated value unless it was built with html`` itself', () => {
    const name = '<script>alert(1)</script>';
    const inner = html`<b>${name}</b>`;
    // prettier-ignore
    const out = html`<p>${name}</p>${inner}${[name, inner]}`;
    expect(out.value).toBe(
      '<p>&lt;script&gt;alert(1)&lt;/script&gt;</p><b>&lt;script&gt;alert(1)&lt;/script&gt;</b>' +
        '&lt;script&gt;alert(1)&lt;/script&gt;<b>&lt;script&gt;alert(1)&lt;/script&gt;</b>',
    );
  });

  it('keeps line breaks of user text as <br> and nothing else', () => {
    expect(multiline('a <b>\r\nb\nc').value).toBe('a &lt;b&gt;<br>b<br>c');
  });

  it('escapes labels and values of a details table and the layout title', () => {
    const table = detailsTable([['<Name>', '"quoted" & more']]).value;
    expect(table).toContain('&lt;Name&gt;');
    expect(table).toContain('&quot;quoted&quot; &amp; more');
    expect(mailLayout('<Title>', html``)).toContain('<title>&lt;Title&gt;</title>');
    // Signed with the business's one name, as the site and the quotation workbook write it.
    expect(mailLayout('Title', html``)).toContain('Jaipur Jewellery House</p>');
  });

  it('makes a subject one bounded line', () => {
    expect(cleanSubject('Hello\r\nBcc: x@example.com\tthere\u2028now')).toBe(
      'Hello Bcc: x@example.com there now',
    );
    expect(cleanSubject('  spaced   out  ')).toBe('spaced out');
    const long = cleanSubject('x'.repeat(500));
    expect(long).toHaveLength(200);
    expect(long.endsWith('…')).toBe(true);
  });
});
