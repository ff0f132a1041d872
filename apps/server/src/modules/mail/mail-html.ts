import { SITE } from '@catalogue/shared/domain/site';

/**
 * HTML for e-mail, escaped by construction: every value interpolated into `html\`...\`` is
 * escaped unless it is itself the result of `html` (a fragment built the same way).
 */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString() {
    return this.value;
  }
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(value: unknown): string {
  return String(value ?? '').replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

export type HtmlValue = SafeHtml | string | number | null | undefined | readonly HtmlValue[];

function render(value: HtmlValue): string {
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return value.map((v: HtmlValue) => render(v)).join('');
  return escapeHtml(value);
}

export function html(strings: TemplateStringsArray, ...values: HtmlValue[]): SafeHtml {
  let out = strings[0] ?? '';
  values.forEach((value, i) => {
    out += render(value) + (strings[i + 1] ?? '');
  });
  return new SafeHtml(out);
}

/** Line breaks of a user's text kept as `<br>`, everything else escaped. */
export function multiline(text: string): SafeHtml {
  return new SafeHtml(
    text
      .split(/\r\n|\r|\n/)
      .map(escapeHtml)
      .join('<br>'),
  );
}

/** A subject is one header line: no CR/LF (header injection), no tabs, a bounded length. */
export function cleanSubject(subject: string): string {
  const line = subject
    .replace(/[\r\n\t\v\f\u0085\u2028\u2029]+/g, ' ')
    .replace(/\s{2,}/g, ' ')
    .trim();
  return line.length > 200 ? `${line.slice(0, 199)}…` : line;
}

/** Label/value rows of a message, e.g. the fields of a form. */
export function detailsTable(rows: readonly (readonly [string, string])[]): SafeHtml {
  return html`<table cellpadding="6" cellspacing="0" style="border-collapse:collapse;font-size:14px">
    ${rows.map(
      ([label, value]) =>
        html`<tr>
          <th align="left" style="border-bottom:1px solid #eee;color:#555;vertical-align:top">${label}</th>
          <td style="border-bottom:1px solid #eee">${multiline(value || '-')}</td>
        </tr>`,
    )}
  </table>`;
}

/** A column of a `mailTable`: its heading, its side, and what each row shows in it. */
export type MailColumn<R> = { heading: string; align?: 'left' | 'right'; cell: (row: R) => HtmlValue };

/**
 * Rows of items under a coloured heading row (the lines of a price request or of a quote), with an
 * optional closing row whose label spans every column but the last (a total).
 */
export function mailTable<R>(
  columns: readonly MailColumn<R>[],
  rows: readonly R[],
  footer?: { label: string; value: HtmlValue },
): SafeHtml {
  const cell = 'border-bottom:1px solid #eee';
  return html`<table
    cellpadding="6"
    cellspacing="0"
    style="border-collapse:collapse;font-size:14px;margin-top:12px"
  >
    <tr style="background:#7a4b12;color:#fff">
      ${columns.map((c) => html`<th align="${c.align ?? 'left'}">${c.heading}</th>`)}
    </tr>
    ${rows.map(
      (row) =>
        html`<tr>
          ${columns.map((c) =>
            c.align === 'right'
              ? html`<td align="right" style="${cell}">${c.cell(row)}</td>`
              : html`<td style="${cell}">${c.cell(row)}</td>`,
          )}
        </tr>`,
    )}
    ${
      footer
        ? html`<tr>
            <th align="left" colspan="${columns.length - 1}">${footer.label}</th>
            <th align="right">${footer.value}</th>
          </tr>`
        : ''
    }
  </table>`;
}

/** The frame every message shares. */
export function mailLayout(title: string, body: SafeHtml): string {
  return html`<!doctype html>
    <html>
      <head>
        <meta charset="utf-8" />
        <title>${title}</title>
      </head>
      <body style="font-family:Arial,Helvetica,sans-serif;color:#222;line-height:1.5">
        <h2 style="color:#7a4b12">${title}</h2>
        ${body}
        <p style="color:#888;font-size:12px">${SITE.name}</p>
      </body>
    </html>`.value;
}
