import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { XSS_PAYLOADS } from '../../../test/fixtures/xss-payloads.ts';
import { firstChars, htmlToText, sanitizeBlogHtml } from './blog-html.ts';

// The allow-list a post's HTML must keep to, written out here rather than imported from the
// sanitiser: a test that reads the code's own list would expect whatever that list says.
const TAGS = [
  ...['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'div', 'br', 'hr', 'blockquote', 'pre', 'ul', 'ol', 'li'],
  ...['dl', 'dt', 'dd', 'figure', 'figcaption', 'table', 'caption', 'colgroup', 'col', 'thead', 'tbody'],
  ...['tfoot', 'tr', 'th', 'td', 'a', 'img', 'strong', 'b', 'em', 'i', 'u', 's', 'del', 'ins', 'mark'],
  ...['small', 'sub', 'sup', 'code', 'span', 'abbr', 'q', 'cite'],
];
const ATTRIBUTES: Record<string, string[]> = {
  a: ['href', 'title', 'target', 'rel'],
  img: ['src', 'alt', 'title', 'width', 'height'],
  ol: ['start', 'reversed'],
  th: ['colspan', 'rowspan', 'scope'],
  td: ['colspan', 'rowspan'],
  col: ['span'],
  colgroup: ['span'],
  abbr: ['title'],
  q: ['cite'],
};
const EVERY_TAG_MAY_HAVE = ['style'];

type ParsedElement = {
  tagName: string;
  attributes: ArrayLike<{ name: string; value: string }>;
  getAttribute(name: string): string | null;
  querySelectorAll(selector: string): ArrayLike<ParsedElement>;
};
type Jsdom = new (html: string) => { window: { document: { body: ParsedElement } } };

// Sanitised output is checked with a browser-grade HTML parser (jsdom's parse5), not the
// sanitiser's own, so a parser difference would show up here. jsdom ships no types.
let JSDOM: Jsdom;
beforeAll(async () => {
  const specifier = 'jsdom';
  ({ JSDOM } = (await import(specifier)) as { JSDOM: Jsdom });
});

const parse = (html: string) => new JSDOM(`<!doctype html><body>${html}</body>`).window.document.body;

/** What a browser would resolve the URL's scheme to: control characters and spaces are ignored. */
const schemeOf = (url: string) => {
  const visible = [...url].filter((c) => c.charCodeAt(0) > 0x20).join('');
  return /^([a-z][a-z0-9+.-]*):/i.exec(visible)?.[1]?.toLowerCase() ?? null;
};

function expectSafe(output: string) {
  const body = parse(output);
  for (const el of Array.from(body.querySelectorAll('*'))) {
    const tag = el.tagName.toLowerCase();
    expect(TAGS, `tag <${tag}> in ${output}`).toContain(tag);
    for (const { name, value } of Array.from(el.attributes)) {
      expect(name, `event handler on <${tag}> in ${output}`).not.toMatch(/^on/i);
      const allowed = [...(ATTRIBUTES[tag] ?? []), ...EVERY_TAG_MAY_HAVE];
      expect(allowed, `attribute ${name} on <${tag}> in ${output}`).toContain(name);
      expect(value).not.toMatch(/javascript:|vbscript:|data:|expression\(|url\(/i);
      if (name === 'style') expect(value).toMatch(/^(?:\s*text-align\s*:\s*[a-z]+\s*;?)+$/i);
    }
    if (tag === 'a') {
      const href = el.getAttribute('href');
      if (href !== null) {
        const scheme = schemeOf(href);
        expect(
          scheme === null ? !href.trim().startsWith('//') : ['http', 'https', 'mailto'].includes(scheme),
          href,
        ).toBe(true);
      }
      expect(el.getAttribute('rel')).toBe('noopener');
    }
    if (tag === 'img') expect(el.getAttribute('src')).toMatch(/^(?:https:\/\/|\/media\/)/);
  }
  // Text may mention `javascript:` harmlessly, but no markup may open a script.
  expect(output).not.toMatch(/<script|<iframe|<svg|<style/i);
}

describe('sanitizeBlogHtml: the XSS corpus', () => {
  it('has at least 30 payloads', () => {
    expect(XSS_PAYLOADS.length).toBeGreaterThanOrEqual(30);
  });

  it.each(XSS_PAYLOADS.map((p) => [p.name, p.html]))('neutralises %s', (_name, html) => {
    const output = sanitizeBlogHtml(html);
    expectSafe(output);
    // Sanitising is stable: what was stored comes back unchanged when sanitised again on read.
    expect(sanitizeBlogHtml(output)).toBe(output);
  });

  it('keeps the readable text of neutralised markup but drops script bodies', () => {
    expect(sanitizeBlogHtml('<div onclick="alert(1)">click</div>')).toBe('<div>click</div>');
    expect(sanitizeBlogHtml('<script>window.__xss=1</script>after')).toBe('after');
    expect(sanitizeBlogHtml('&lt;script&gt;alert(1)&lt;/script&gt;')).toBe(
      '&lt;script&gt;alert(1)&lt;/script&gt;',
    );
    expect(sanitizeBlogHtml('<iframe src="https://evil.example/">fallback</iframe>x')).toBe('x');
  });

  // An image whose source is allowed stays, so its other attributes are what stands between the
  // post and a script: every handler must go, on our own media and on an https image alike.
  it.each(['onerror', 'onload', 'ONERROR', 'onmouseover', 'onfocus', 'onanimationstart'])(
    'drops %s from an image whose source is allowed',
    (handler) => {
      expect(sanitizeBlogHtml(`<img src="https://example.com/a.png" ${handler}="alert(1)">`)).toBe(
        '<img src="https://example.com/a.png" alt="" />',
      );
      expect(sanitizeBlogHtml(`<p><img src="/media/abc" alt="ring" ${handler}="alert(1)" />x</p>`)).toBe(
        '<p><img src="/media/abc" alt="ring" />x</p>',
      );
    },
  );

  it('drops handlers and unknown attributes from a link and from a kept block', () => {
    expect(sanitizeBlogHtml('<a href="https://example.com/" onclick="alert(1)" data-x="1">x</a>')).toBe(
      '<a rel="noopener" href="https://example.com/">x</a>',
    );
    expect(sanitizeBlogHtml('<table onmouseover="alert(1)"><tr><td onclick="x()">a</td></tr></table>')).toBe(
      '<table><tr><td>a</td></tr></table>',
    );
  });

  it('survives random markup built from dangerous pieces', () => {
    const piece = fc.constantFrom(
      '<',
      '>',
      '"',
      "'",
      '=',
      '/',
      ' ',
      'script',
      'img',
      'a',
      'svg',
      'style',
      'iframe',
      'src',
      'href',
      'onerror',
      'onload',
      'javascript:',
      'alert(1)',
      '<!--',
      '-->',
      '&#106;',
      '&lt;',
      'p',
      'https://x.example/',
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 40 }), (pieces) => {
        const output = sanitizeBlogHtml(pieces.join(''));
        expectSafe(output);
      }),
      { numRuns: 300 },
    );
  });
});

describe('sanitizeBlogHtml: what a post may contain', () => {
  it('gives a picture without a description an empty alt, and keeps a given one', () => {
    expect(sanitizeBlogHtml('<img src="/media/a">')).toBe('<img src="/media/a" alt="" />');
    expect(sanitizeBlogHtml('<img src="/media/a" alt="Kundan set">')).toBe(
      '<img src="/media/a" alt="Kundan set" />',
    );
  });

  it('keeps headings, paragraphs, lists, emphasis, quotes and code', () => {
    const html =
      '<h2>Kundan</h2><h3>History</h3><p>Made in <strong>Jaipur</strong>, <em>by hand</em>, <u>since</u> <s>1727</s>.</p>' +
      '<ul><li>one</li><li>two</li></ul><ol start="3"><li>three</li></ol><blockquote>quote</blockquote><pre><code>x</code></pre><hr /><p>a<br />b</p>';
    expect(sanitizeBlogHtml(html)).toBe(html);
  });

  it('keeps tables with their spans', () => {
    const html =
      '<table><caption>Sizes</caption><thead><tr><th scope="col">Ring</th><th colspan="2">Size</th></tr></thead>' +
      '<tbody><tr><td rowspan="2">A</td><td>6</td><td>7</td></tr></tbody></table>';
    expect(sanitizeBlogHtml(html)).toBe(html);
  });

  it('keeps http(s) and mailto links and relative ones, always with rel="noopener"', () => {
    expect(sanitizeBlogHtml('<a href="https://example.com/a?b=1&amp;c=2">x</a>')).toBe(
      '<a rel="noopener" href="https://example.com/a?b=1&amp;c=2">x</a>',
    );
    expect(sanitizeBlogHtml('<a href="mailto:sales@example.com" target="_blank" rel="opener">m</a>')).toBe(
      '<a rel="noopener" href="mailto:sales@example.com" target="_blank">m</a>',
    );
    expect(sanitizeBlogHtml('<a href="/shopall" target="_top">shop</a>')).toBe(
      '<a rel="noopener" href="/shopall">shop</a>',
    );
    expect(sanitizeBlogHtml('<a href="ftp://example.com/f">f</a>')).toBe('<a rel="noopener">f</a>');
  });

  it('keeps images from our media or https, and drops any other image', () => {
    expect(
      sanitizeBlogHtml(
        '<img src="/media/0b7e2c52-6a43-4a55-9d35-4d0b1b7b0f4e?w=600" alt="ring" width="600" />',
      ),
    ).toBe('<img src="/media/0b7e2c52-6a43-4a55-9d35-4d0b1b7b0f4e?w=600" alt="ring" width="600" />');
    expect(sanitizeBlogHtml('<img src="https://example.com/a.png" alt="a" height="10%" />')).toBe(
      '<img src="https://example.com/a.png" alt="a" />',
    );
    expect(sanitizeBlogHtml('<p><img src="http://example.com/a.png" />x</p>')).toBe('<p>x</p>');
    expect(sanitizeBlogHtml('<p><img src="/api/users/all" />x</p>')).toBe('<p>x</p>');
    expect(sanitizeBlogHtml('<p><img src="/media/../api/x" />x</p>')).toBe('<p>x</p>');
  });

  it('keeps text alignment and drops every other style, class and id', () => {
    expect(sanitizeBlogHtml('<p style="text-align:center;color:red" class="ql-x" id="top">c</p>')).toBe(
      '<p style="text-align:center">c</p>',
    );
    expect(sanitizeBlogHtml('<p style="position:fixed;top:0">c</p>')).toBe('<p>c</p>');
  });
});

describe('htmlToText and firstChars', () => {
  it('gives the text a reader sees, with entities decoded and blocks separated', () => {
    expect(
      htmlToText(
        '<h2>Title</h2><p>Gold &amp; silver &lt;925&gt;&nbsp;rings</p><ul><li>a</li><li>b</li></ul>',
      ),
    ).toBe('Title Gold & silver <925> rings a b');
    expect(htmlToText('<p>Hel<strong>lo</strong></p><script>alert(1)</script>')).toBe('Hello');
    expect(htmlToText('<img src="https://example.com/a.png" alt="x">')).toBe('');
  });

  it('cuts by characters, never inside an emoji', () => {
    expect(firstChars('💍💍💍', 2)).toBe('💍💍');
    expect(firstChars('short', 160)).toBe('short');
    expect(firstChars('ab cd', 3)).toBe('ab');
  });
});

describe('sanitizeBlogHtml: every rule of the allow-list, one at a time', () => {
  const inline = [
    'a',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'del',
    'ins',
    'mark',
    'small',
    'sub',
    'sup',
    'code',
  ];
  it.each([...inline, 'span', 'abbr', 'q', 'cite', 'p', 'div', 'blockquote', 'pre', 'ul', 'ol', 'li'])(
    'keeps <%s>',
    (tag) => {
      const expected = tag === 'a' ? '<a rel="noopener">x</a>' : `<${tag}>x</${tag}>`;
      expect(sanitizeBlogHtml(`<${tag}>x</${tag}>`)).toBe(expected);
    },
  );

  it('keeps every heading, definition lists, figures and the parts of a table', () => {
    const headings = '<h1>a</h1><h2>b</h2><h3>c</h3><h4>d</h4><h5>e</h5><h6>f</h6>';
    expect(sanitizeBlogHtml(headings)).toBe(headings);
    const definitions =
      '<dl><dt>Kundan</dt><dd>gold foil</dd></dl><figure><figcaption>A ring</figcaption></figure>';
    expect(sanitizeBlogHtml(definitions)).toBe(definitions);
    const table =
      '<table><colgroup span="2"><col span="1"></col></colgroup><tfoot><tr><td colspan="2">t</td></tr></tfoot></table>';
    expect(sanitizeBlogHtml(table)).toBe(table);
  });

  it('keeps the attributes each tag may carry', () => {
    expect(sanitizeBlogHtml('<ol start="4" reversed>x</ol>')).toBe('<ol start="4" reversed>x</ol>');
    expect(sanitizeBlogHtml('<th colspan="2" rowspan="3" scope="row">h</th>')).toBe(
      '<th colspan="2" rowspan="3" scope="row">h</th>',
    );
    expect(sanitizeBlogHtml('<abbr title="Sterling silver">925</abbr>')).toBe(
      '<abbr title="Sterling silver">925</abbr>',
    );
    expect(sanitizeBlogHtml('<q cite="https://example.com/q">q</q>')).toBe(
      '<q cite="https://example.com/q">q</q>',
    );
    expect(sanitizeBlogHtml('<img src="/media/a" alt="a" title="t" width="10" height="20" />')).toBe(
      '<img src="/media/a" alt="a" title="t" width="10" height="20" />',
    );
    expect(sanitizeBlogHtml('<a href="/x" title="more" target="_blank">x</a>')).toBe(
      '<a rel="noopener" href="/x" title="more" target="_blank">x</a>',
    );
  });

  it('drops the attributes a tag may not carry', () => {
    expect(sanitizeBlogHtml('<p title="t" start="2" colspan="3">x</p>')).toBe('<p>x</p>');
    expect(sanitizeBlogHtml('<td scope="row" span="2">x</td>')).toBe('<td>x</td>');
  });

  it.each(['script', 'style', 'textarea', 'option', 'xmp', 'noscript', 'noembed', 'noframes', 'iframe'])(
    'drops <%s> with everything inside it',
    (tag) => {
      expect(sanitizeBlogHtml(`<p>a<${tag}>hidden</${tag}>b</p>`)).toBe('<p>ab</p>');
    },
  );

  // <frame> and <embed> are void: they hold no text, so their place in that list changes nothing.
  it.each(['object', 'applet', 'template', 'svg', 'math', 'title', 'head', 'select', 'plaintext', 'canvas'])(
    'drops <%s> with everything inside it, too',
    (tag) => {
      expect(sanitizeBlogHtml(`<div>a<${tag}>hidden</${tag}>b</div>`)).toBe('<div>ab</div>');
    },
  );

  it('drops an unknown tag and keeps its text', () => {
    expect(sanitizeBlogHtml('<marquee>moving</marquee> <blink>on</blink>')).toBe('moving on');
  });

  it.each(['left', 'right', 'center', 'justify', 'start', 'end'])('keeps text-align: %s', (align) => {
    expect(sanitizeBlogHtml(`<p style="text-align:${align}">x</p>`)).toBe(
      `<p style="text-align:${align}">x</p>`,
    );
  });

  it('drops an alignment that is not one of them', () => {
    expect(sanitizeBlogHtml('<p style="text-align:centered">x</p>')).toBe('<p>x</p>');
    expect(sanitizeBlogHtml('<p style="text-align:xleft">x</p>')).toBe('<p>x</p>');
  });

  it('keeps http links, drops protocol-relative ones and scripts in cite', () => {
    expect(sanitizeBlogHtml('<a href="http://example.com/">x</a>')).toBe(
      '<a rel="noopener" href="http://example.com/">x</a>',
    );
    expect(sanitizeBlogHtml('<a href="//evil.example/x">x</a>')).toBe('<a rel="noopener">x</a>');
    expect(sanitizeBlogHtml('<q cite="javascript:alert(1)">q</q>')).toBe('<q>q</q>');
  });

  it('accepts our media addresses with a variant query, and nothing that only looks like one', () => {
    for (const src of ['/media/a-B_9', '/media/abc?w=600&dpr=2', '/media/abc?v=1.5_x-y']) {
      expect(sanitizeBlogHtml(`<img src="${src}" />`), src).toBe(
        `<img src="${src.replace(/&/g, '&amp;')}" alt="" />`,
      );
    }
    for (const src of [
      '/media/',
      '/media/a/b',
      '/media/a?w=<x>',
      '/media/a?w=1 2',
      'x/media/a',
      '/media/a#x',
      '/medias/a',
    ]) {
      expect(sanitizeBlogHtml(`<p><img src="${src}" />x</p>`), src).toBe('<p>x</p>');
    }
  });

  it('accepts an https image however its scheme is written, but not an empty or spaced one', () => {
    expect(sanitizeBlogHtml('<img src="HTTPS://EXAMPLE.COM/A.PNG" />')).toBe(
      '<img src="HTTPS://EXAMPLE.COM/A.PNG" alt="" />',
    );
    expect(sanitizeBlogHtml('<img src="  https://example.com/a.png  " />')).toBe(
      '<img src="https://example.com/a.png" alt="" />',
    );
    expect(sanitizeBlogHtml('<p><img src="https://" />x</p>')).toBe('<p>x</p>');
    expect(sanitizeBlogHtml('<p><img src="https://a b" />x</p>')).toBe('<p>x</p>');
    expect(sanitizeBlogHtml('<p><img src="xhttps://example.com/a.png" />x</p>')).toBe('<p>x</p>');
    expect(sanitizeBlogHtml('<p><img alt="no source" />x</p>')).toBe('<p>x</p>');
  });

  it('keeps an image size of up to 5 digits and drops any other', () => {
    expect(sanitizeBlogHtml('<img src="/media/a" width="99999" height="1" />')).toBe(
      '<img src="/media/a" width="99999" height="1" alt="" />',
    );
    expect(sanitizeBlogHtml('<img src="/media/a" width="100000" height="1px" />')).toBe(
      '<img src="/media/a" alt="" />',
    );
    expect(sanitizeBlogHtml('<img src="/media/a" width="" height="x1" />')).toBe(
      '<img src="/media/a" alt="" />',
    );
  });

  it('trims the space around a post', () => {
    expect(sanitizeBlogHtml('  \n<p>x</p>\n  ')).toBe('<p>x</p>');
  });
});

describe('htmlToText: entities and block boundaries', () => {
  it('decodes quotes and ampersands once, in that order', () => {
    expect(htmlToText('<p title="a">&quot;Jaipur&quot; &amp;lt;b&amp;gt;</p>')).toBe('"Jaipur" &lt;b&gt;');
  });

  it('separates blocks, not inline elements, and folds white space', () => {
    expect(htmlToText('<h3>Care</h3><p>Keep <em>dry</em>.</p><div>Store\n\n  flat</div>')).toBe(
      'Care Keep dry. Store flat',
    );
    expect(htmlToText('<td>a</td><td>b</td>')).toBe('a b');
    expect(htmlToText('  ')).toBe('');
  });

  it('keeps text of exactly the limit whole', () => {
    expect(firstChars('abc', 3)).toBe('abc');
    expect(firstChars('abcd', 3)).toBe('abc');
  });
});
