import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from '~/lib/i18n';
import { Button } from '~/components/ui/button';
import { Dialog } from '~/components/ui/dialog';
import { TextField } from '~/components/ui/field';

/**
 * The formatting the toolbar offers: only elements the server's allow-list keeps
 * (apps/server/src/modules/blogs/blog-html.ts), so what the admin sees is what is published.
 * Bold and italic come out as <b>/<i> (allowed); headings, quotes and lists as their own tags.
 */
type Command =
  | { kind: 'block'; tag: 'p' | 'h2' | 'h3' | 'blockquote' }
  | {
      kind: 'exec';
      name: 'bold' | 'italic' | 'insertUnorderedList' | 'insertOrderedList' | 'unlink' | 'undo' | 'redo';
    }
  | { kind: 'link' };

/** Toolbar pictures drawn inline: no emoji or icon font, which not every system has. */
function EditorIcon({ children }: { children: ReactNode }) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      className="size-5"
    >
      {children}
    </svg>
  );
}

const BULLETS = (
  <EditorIcon>
    <path d="M9 6h11M9 12h11M9 18h11" />
    <circle cx="4" cy="6" r="1" />
    <circle cx="4" cy="12" r="1" />
    <circle cx="4" cy="18" r="1" />
  </EditorIcon>
);
const NUMBERS = (
  <EditorIcon>
    <path d="M10 6h10M10 12h10M10 18h10M4 4h1v5M4 14.5c.5-1 2.5-1 2.5.5S4 17 4 19h2.5" />
  </EditorIcon>
);
const QUOTE = (
  <EditorIcon>
    <path d="M4 17c2 0 3-1.5 3-4V7H4v5h3M14 17c2 0 3-1.5 3-4V7h-3v5h3" />
  </EditorIcon>
);
const LINK = (
  <EditorIcon>
    <path d="M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1" />
  </EditorIcon>
);
const UNLINK = (
  <EditorIcon>
    <path d="M15 15l3-3a4 4 0 0 0-5.7-5.7l-1 1M9 9l-3 3a4 4 0 0 0 5.7 5.7l1-1M3 3l18 18" />
  </EditorIcon>
);
const UNDO = (
  <EditorIcon>
    <path d="M9 14L4 9l5-5M4 9h10a6 6 0 0 1 0 12h-3" />
  </EditorIcon>
);
const REDO = (
  <EditorIcon>
    <path d="M15 14l5-5-5-5M20 9H10a6 6 0 0 0 0 12h3" />
  </EditorIcon>
);

type Tool = { id: string; labelKey: string; command: Command; icon: ReactNode; shortcut?: string };

const TOOLS: readonly Tool[] = [
  { id: 'p', labelKey: 'editor.paragraph', command: { kind: 'block', tag: 'p' }, icon: '¶' },
  { id: 'h2', labelKey: 'editor.heading2', command: { kind: 'block', tag: 'h2' }, icon: 'H2' },
  { id: 'h3', labelKey: 'editor.heading3', command: { kind: 'block', tag: 'h3' }, icon: 'H3' },
  {
    id: 'bold',
    labelKey: 'editor.bold',
    command: { kind: 'exec', name: 'bold' },
    icon: <b>B</b>,
    shortcut: 'Control+B',
  },
  {
    id: 'italic',
    labelKey: 'editor.italic',
    command: { kind: 'exec', name: 'italic' },
    icon: <i>I</i>,
    shortcut: 'Control+I',
  },
  {
    id: 'ul',
    labelKey: 'editor.bulletList',
    command: { kind: 'exec', name: 'insertUnorderedList' },
    icon: BULLETS,
  },
  {
    id: 'ol',
    labelKey: 'editor.numberedList',
    command: { kind: 'exec', name: 'insertOrderedList' },
    icon: NUMBERS,
  },
  { id: 'quote', labelKey: 'editor.quote', command: { kind: 'block', tag: 'blockquote' }, icon: QUOTE },
  { id: 'link', labelKey: 'editor.link', command: { kind: 'link' }, icon: LINK },
  { id: 'unlink', labelKey: 'editor.unlink', command: { kind: 'exec', name: 'unlink' }, icon: UNLINK },
  {
    id: 'undo',
    labelKey: 'editor.undo',
    command: { kind: 'exec', name: 'undo' },
    icon: UNDO,
    shortcut: 'Control+Z',
  },
  {
    id: 'redo',
    labelKey: 'editor.redo',
    command: { kind: 'exec', name: 'redo' },
    icon: REDO,
    shortcut: 'Control+Y',
  },
];

/** Tools whose on/off state the toolbar shows with aria-pressed. */
const TOGGLES = new Set(['p', 'h2', 'h3', 'bold', 'italic', 'ul', 'ol', 'quote']);

/** True when HTML shows nothing: no text and no picture (an emptied editor leaves `<p><br></p>`). */
export function isBlankHtml(html: string): boolean {
  if (/<img\b/i.test(html)) return false;
  return (
    html
      .replace(/<[^>]*>/g, '')
      .replace(/&nbsp;|&#160;/g, ' ')
      .trim() === ''
  );
}

/**
 * Only addresses a reader can follow safely (the sanitiser would drop any other link anyway):
 * http(s) and mailto; a bare domain becomes https, a bare e-mail address a mailto link.
 */
export function normaliseLinkUrl(input: string): string | null {
  const text = input.trim();
  if (!text || /\s/.test(text)) return null;
  let candidate = text;
  if (/^[^@/:]+@[^@/:]+\.[^@/:]+$/.test(text)) candidate = `mailto:${text}`;
  else if (!/^[a-z][a-z0-9+.-]*:/i.test(text)) candidate = `https://${text}`;
  try {
    const url = new URL(candidate);
    if (url.protocol === 'mailto:') return url.href;
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.includes('.')
      ? url.href
      : null;
  } catch {
    return null;
  }
}

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

type RichTextEditorProps = {
  id: string;
  /** The id of the visible label. */
  labelledBy: string;
  value: string;
  onChange: (html: string) => void;
  describedBy?: string | undefined;
  isInvalid?: boolean;
};

/**
 * A small contenteditable editor with a toolbar (ARIA toolbar pattern: one tab stop, arrow keys
 * move between the buttons). It edits with the browser's own commands, so undo and the usual
 * shortcuts (Ctrl+B, Ctrl+I) work, and reports its HTML on every change.
 */
export function RichTextEditor({
  id,
  labelledBy,
  value,
  onChange,
  describedBy,
  isInvalid,
}: RichTextEditorProps) {
  const { t } = useTranslation('admin-content');
  const editorRef = useRef<HTMLDivElement>(null);
  const buttonRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const savedRange = useRef<Range | null>(null);
  const [focusIndex, setFocusIndex] = useState(0);
  const [active, setActive] = useState<ReadonlySet<string>>(new Set());
  const [isLinkOpen, setIsLinkOpen] = useState(false);
  const [linkUrl, setLinkUrl] = useState('');
  const [linkError, setLinkError] = useState<string | null>(null);

  // The parent owns the HTML; write it into the editor only when it differs (loading a post,
  // clearing the form), never on the editor's own keystrokes, which would move the caret.
  useEffect(() => {
    const editor = editorRef.current;
    if (editor && editor.innerHTML !== value) editor.innerHTML = value;
  }, [value]);

  const emit = useCallback(() => {
    if (editorRef.current) onChange(editorRef.current.innerHTML);
  }, [onChange]);

  const refreshActive = useCallback(() => {
    const editor = editorRef.current;
    const selection = typeof document === 'undefined' ? null : document.getSelection();
    if (!editor || !selection?.anchorNode || !editor.contains(selection.anchorNode)) return;
    if (typeof document.queryCommandState !== 'function') return;
    const next = new Set<string>();
    const block = String(document.queryCommandValue('formatBlock') ?? '').toLowerCase();
    if (block === 'p' || block === 'h2' || block === 'h3') next.add(block);
    if (block === 'blockquote') next.add('quote');
    if (document.queryCommandState('bold')) next.add('bold');
    if (document.queryCommandState('italic')) next.add('italic');
    if (document.queryCommandState('insertUnorderedList')) next.add('ul');
    if (document.queryCommandState('insertOrderedList')) next.add('ol');
    setActive(next);
  }, []);

  useEffect(() => {
    document.addEventListener('selectionchange', refreshActive);
    return () => document.removeEventListener('selectionchange', refreshActive);
  }, [refreshActive]);

  const exec = (name: string, argument?: string) => {
    const editor = editorRef.current;
    if (!editor || typeof document.execCommand !== 'function') return;
    editor.focus();
    // Enter makes paragraphs, not <div>s, so new text is a <p> like the rest.
    document.execCommand('defaultParagraphSeparator', false, 'p');
    document.execCommand(name, false, argument);
    emit();
    refreshActive();
  };

  const saveSelection = () => {
    const selection = document.getSelection();
    const editor = editorRef.current;
    savedRange.current =
      selection && selection.rangeCount > 0 && editor?.contains(selection.anchorNode)
        ? selection.getRangeAt(0).cloneRange()
        : null;
  };

  const run = (command: Command) => {
    if (command.kind === 'block') {
      // Pressing the active block button again returns to a paragraph.
      const isActive = active.has(command.tag === 'blockquote' ? 'quote' : command.tag);
      exec('formatBlock', `<${isActive ? 'p' : command.tag}>`);
    } else if (command.kind === 'exec') exec(command.name);
    else {
      saveSelection();
      setLinkUrl('');
      setLinkError(null);
      setIsLinkOpen(true);
    }
  };

  const applyLink = () => {
    const url = normaliseLinkUrl(linkUrl);
    if (!url) {
      setLinkError(t('editor.linkInvalid'));
      return;
    }
    setIsLinkOpen(false);
    const editor = editorRef.current;
    if (!editor) return;
    editor.focus();
    const selection = document.getSelection();
    if (savedRange.current && selection) {
      selection.removeAllRanges();
      selection.addRange(savedRange.current);
    }
    if (selection && !selection.isCollapsed) exec('createLink', url);
    else exec('insertHTML', `<a href="${escapeHtml(url)}">${escapeHtml(linkUrl.trim())}</a>`);
  };

  const onToolbarKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const last = TOOLS.length - 1;
    const moves: Record<string, number> = {
      ArrowRight: focusIndex === last ? 0 : focusIndex + 1,
      ArrowLeft: focusIndex === 0 ? last : focusIndex - 1,
      Home: 0,
      End: last,
    };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    setFocusIndex(next);
    buttonRefs.current[next]?.focus();
  };

  const onPaste = () => {
    // The paste lands first; the sanitiser (and so the preview) decides what of it is kept.
    setTimeout(emit, 0);
  };

  return (
    <div
      className={`rounded-md border bg-white focus-within:outline-2 focus-within:outline-brand-700 ${isInvalid ? 'border-red-700' : 'border-gray-400'}`}
    >
      <div
        role="toolbar"
        aria-label={t('editor.toolbar')}
        aria-controls={id}
        onKeyDown={onToolbarKeyDown}
        className="flex flex-wrap gap-1 border-b border-gray-200 bg-gray-50 p-1"
      >
        {TOOLS.map((tool, index) => (
          <button
            key={tool.id}
            ref={(element) => {
              buttonRefs.current[index] = element;
            }}
            type="button"
            tabIndex={index === focusIndex ? 0 : -1}
            aria-label={t(tool.labelKey)}
            title={
              tool.shortcut
                ? `${t(tool.labelKey)} (${tool.shortcut.replace('Control', 'Ctrl')})`
                : t(tool.labelKey)
            }
            aria-keyshortcuts={tool.shortcut}
            aria-pressed={TOGGLES.has(tool.id) ? active.has(tool.id) : undefined}
            // Keep the caret in the text: a click on the toolbar must not take the selection away.
            onMouseDown={(event) => event.preventDefault()}
            onFocus={() => setFocusIndex(index)}
            onClick={() => run(tool.command)}
            className="inline-flex min-h-9 min-w-9 items-center justify-center rounded px-2 text-sm text-ink hover:bg-brand-50 aria-pressed:bg-brand-100 aria-pressed:text-brand-900"
          >
            <span aria-hidden="true">{tool.icon}</span>
          </button>
        ))}
      </div>
      <div
        ref={editorRef}
        id={id}
        role="textbox"
        aria-multiline="true"
        aria-labelledby={labelledBy}
        aria-describedby={describedBy}
        aria-invalid={isInvalid ? true : undefined}
        contentEditable
        suppressContentEditableWarning
        tabIndex={0}
        // Enter makes paragraphs, not <div>s, from the first keystroke on.
        onFocus={() => document.execCommand?.('defaultParagraphSeparator', false, 'p')}
        onInput={emit}
        onBlur={emit}
        onPaste={onPaste}
        onKeyUp={refreshActive}
        onMouseUp={refreshActive}
        className="blog-content min-h-60 px-3 py-2 text-base focus:outline-none"
      />
      <Dialog
        open={isLinkOpen}
        onClose={() => setIsLinkOpen(false)}
        title={t('editor.linkTitle')}
        // Cancel is the way out; without the corner button the address field gets the focus first.
        hideCloseButton
        actions={
          <>
            <Button variant="secondary" onClick={() => setIsLinkOpen(false)}>
              {t('editor.cancel')}
            </Button>
            <Button onClick={applyLink}>{t('editor.linkApply')}</Button>
          </>
        }
      >
        {/* No <form> here: the editor already sits inside the blog form, and forms cannot nest. */}
        <TextField
          type="url"
          label={t('editor.linkUrl')}
          value={linkUrl}
          onChange={(event) => {
            setLinkUrl(event.target.value);
            setLinkError(null);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              applyLink();
            }
          }}
          error={linkError}
          placeholder="https://"
          autoFocus
        />
      </Dialog>
    </div>
  );
}
