import sanitizeHtml from 'sanitize-html';

const BLOCK_TAGS = [
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'p',
  'div',
  'br',
  'hr',
  'blockquote',
  'pre',
  'ul',
  'ol',
  'li',
  'dl',
  'dt',
  'dd',
  'figure',
  'figcaption',
  'table',
  'caption',
  'colgroup',
  'col',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'th',
  'td',
];
const INLINE_TAGS = [
  'a',
  'img',
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
  'span',
  'abbr',
  'q',
  'cite',
];

/** What a post may contain. Everything else is dropped, keeping its text unless it is not text. */
export const ALLOWED_TAGS: readonly string[] = [...BLOCK_TAGS, ...INLINE_TAGS];

export const ALLOWED_ATTRIBUTES: Readonly<Record<string, readonly string[]>> = {
  a: ['href', 'title', 'target', 'rel'],
  img: ['src', 'alt', 'title', 'width', 'height'],
  ol: ['start', 'reversed'],
  th: ['colspan', 'rowspan', 'scope'],
  td: ['colspan', 'rowspan'],
  col: ['span'],
  colgroup: ['span'],
  abbr: ['title'],
  q: ['cite'],
  // Alignment from rich-text editors; the value is checked below, so no url() or expression() gets in.
  '*': ['style'],
};

/** Our own media (`/media/{id}`, with optional variant query) or any https image. */
const OUR_MEDIA = /^\/media\/[A-Za-z0-9_-]+(?:\?[A-Za-z0-9=&_.-]*)?$/;
const isAllowedImageSource = (src: string) => OUR_MEDIA.test(src) || /^https:\/\/[^\s]+$/i.test(src);

/** Text inside these is never shown: drop it with the tag rather than leave stray code as prose. */
const NON_TEXT_TAGS = [
  'script',
  'style',
  'textarea',
  'option',
  'xmp',
  'noscript',
  'noembed',
  'noframes',
  'iframe',
  'frame',
  'object',
  'embed',
  'applet',
  'template',
  'svg',
  'math',
  'title',
  'head',
  'select',
  'plaintext',
  'canvas',
];

const options: sanitizeHtml.IOptions = {
  allowedTags: [...ALLOWED_TAGS],
  allowedAttributes: Object.fromEntries(Object.entries(ALLOWED_ATTRIBUTES).map(([k, v]) => [k, [...v]])),
  allowedStyles: { '*': { 'text-align': [/^(?:left|right|center|justify|start|end)$/] } },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite'],
  // `//evil.example/x` carries no scheme but leaves the site: not a relative link.
  allowProtocolRelative: false,
  allowedClasses: {},
  disallowedTagsMode: 'discard',
  nonTextTags: NON_TEXT_TAGS,
  enforceHtmlBoundary: false,
  transformTags: {
    a: (tagName, attribs) => {
      const next: sanitizeHtml.Attributes = { rel: 'noopener' };
      if (attribs.href) next.href = attribs.href;
      if (attribs.title) next.title = attribs.title;
      if (attribs.target === '_blank') next.target = '_blank';
      return { tagName, attribs: next };
    },
    img: (tagName, attribs) => {
      const src = (attribs.src ?? '').trim();
      const next: sanitizeHtml.Attributes = { ...attribs };
      if (isAllowedImageSource(src)) next.src = src;
      else delete next.src;
      for (const size of ['width', 'height'] as const) {
        if (next[size] !== undefined && !/^\d{1,5}$/.test(next[size])) delete next[size];
      }
      // A picture the author did not describe is announced as decorative, not as its file name.
      next.alt ??= '';
      return { tagName, attribs: next };
    },
  },
  // An image whose source was refused is a broken box: leave it out altogether.
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

/** The allow-list sanitiser every post's HTML passes on create and update (and again on read). */
export function sanitizeBlogHtml(html: string): string {
  return sanitizeHtml(html, options).trim();
}

const BLOCK_BOUNDARY = new RegExp(`<\\/?(?:${BLOCK_TAGS.join('|')})\\b[^>]*>`, 'gi');

/**
 * The text a reader sees, without tags and with entities decoded: for excerpts and previews.
 * It starts from sanitised HTML, whose attribute values escape `<` and `>`, so stripping tags
 * with a pattern is exact here.
 */
export function htmlToText(html: string): string {
  return sanitizeBlogHtml(html)
    .replace(BLOCK_BOUNDARY, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The first `max` characters (code points, so an emoji is never cut in half). */
export function firstChars(text: string, max: number): string {
  const chars = [...text];
  return chars.length <= max ? text : chars.slice(0, max).join('').trimEnd();
}
