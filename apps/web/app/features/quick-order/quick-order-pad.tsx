import { useEffect, useId, useState } from 'react';
import { MAX_QUANTITY, MIN_QUANTITY } from '@catalogue/shared/domain/limits';
import { useTranslation } from '~/lib/i18n';
import { apiRequest, serverReason } from '~/lib/api-client';
import { Button } from '~/components/ui/button';
import { Notice } from '~/components/ui/notice';

/** A line of `POST /api/quick-order/parse` (packages/shared/src/schemas/quick-order.ts). */
export type ParsedLine = {
  row: number;
  input: string;
  status: 'matched' | 'suggested' | 'unreadable';
  productId?: string;
  code?: string;
  name?: string;
  quantity?: number;
  unit?: 'pcs' | 'pairs' | 'sets' | 'dozen' | 'gross';
  pieces?: number;
  adjustedTo?: number;
  adjustReason?: string;
  packSize?: number;
  suggestions?: { productId: string; code: string; name: string }[];
};

/** A line the buyer confirms: the design and its pieces. */
export type ConfirmedLine = { productId: string; pieces: number; code: string; name: string };

/** A line on the pad: as the server read it, with the buyer's choice and pieces. */
type PadLine = ParsedLine & {
  key: string;
  chosen: { productId: string; code: string; name: string } | null;
  /** '' while the buyer is typing a new number. */
  count: number | '';
};

/** The pasted text is kept here too, so a reload or an error never loses it. */
export const PAD_STORAGE_KEY = 'quick-order-text';
const TEMPLATE = 'Code,Quantity\r\nRG-1001,24\r\nJH-33,2 dozen\r\nBG-7,1 gross\r\n';
const TEMPLATE_HREF = `data:text/csv;charset=utf-8,${encodeURIComponent(TEMPLATE)}`;

function toPadLine(line: ParsedLine, index: number): PadLine {
  const chosen =
    line.status === 'matched' && line.productId
      ? { productId: line.productId, code: line.code ?? '', name: line.name ?? '' }
      : null;
  return {
    ...line,
    key: `${line.row}-${index}-${line.input}`,
    chosen,
    count: line.adjustedTo ?? line.pieces ?? 1,
  };
}

const clampPieces = (value: number) => Math.min(MAX_QUANTITY, Math.max(MIN_QUANTITY, Math.round(value)));

function readStoredText(): string {
  try {
    return typeof window === 'undefined' ? '' : (window.sessionStorage.getItem(PAD_STORAGE_KEY) ?? '');
  } catch {
    return '';
  }
}

function storeText(text: string) {
  try {
    window.sessionStorage.setItem(PAD_STORAGE_KEY, text);
  } catch {
    // Private mode: the text stays in the page.
  }
}

/**
 * The quick-order pad: pasted text or an uploaded sheet, read by the server (nothing stored),
 * shown line by line as read; codes that match nothing offer the closest designs, unreadable lines
 * are corrected in place, the minimum order is shown where it changed a quantity. `onConfirm`
 * receives only the lines with a design, when the buyer confirms.
 */
export function QuickOrderPad({
  onConfirm,
  confirmLabel,
}: {
  onConfirm: (lines: ConfirmedLine[]) => Promise<void>;
  /** The confirm button's text for `count` designs (the buyer's pad and the admin's differ). */
  confirmLabel?: (count: number) => string;
}) {
  const { t } = useTranslation('quick-order');
  const ids = useId();
  const [text, setText] = useState('');
  const [lines, setLines] = useState<PadLine[] | null>(null);
  const [busy, setBusy] = useState<'read' | 'confirm' | null>(null);
  const [error, setError] = useState<{ text: string; detail: string } | null>(null);

  useEffect(() => {
    const stored = readStoredText();
    if (stored) setText(stored);
  }, []);

  const changeText = (value: string) => {
    setText(value);
    storeText(value);
  };

  async function read(body: { json: { text: string } } | { form: FormData }) {
    setBusy('read');
    setError(null);
    try {
      const answer = await apiRequest<{ lines: ParsedLine[] }>('/quick-order/parse', {
        method: 'POST',
        ...body,
      });
      setLines(answer.lines.map(toPadLine));
    } catch (caught) {
      setError({ text: t('failed'), detail: serverReason(caught, t('failed')) });
    } finally {
      setBusy(null);
    }
  }

  async function upload(file: File | undefined) {
    if (!file) return;
    const form = new FormData();
    form.append('file', file);
    await read({ form });
  }

  /** Reads one corrected line again and puts its reading in its place (the row is kept). */
  async function reread(key: string, input: string) {
    setError(null);
    try {
      const answer = await apiRequest<{ lines: ParsedLine[] }>('/quick-order/parse', {
        method: 'POST',
        json: { text: input },
      });
      setLines((current) =>
        (current ?? []).flatMap((line) =>
          line.key === key
            ? answer.lines.map((read, i) => ({
                ...toPadLine({ ...read, row: line.row }, i),
                key: `${key}-${i}-${read.input}`,
              }))
            : [line],
        ),
      );
    } catch (caught) {
      setError({ text: t('failed'), detail: serverReason(caught, t('failed')) });
    }
  }

  const update = (key: string, change: Partial<PadLine>) =>
    setLines((current) => (current ?? []).map((line) => (line.key === key ? { ...line, ...change } : line)));

  const ready = (lines ?? []).filter((l) => l.chosen);
  const counts = new Map<string, number>();
  for (const line of ready) counts.set(line.chosen!.productId, (counts.get(line.chosen!.productId) ?? 0) + 1);

  async function confirm() {
    setBusy('confirm');
    setError(null);
    try {
      await onConfirm(ready.map((l) => ({ ...l.chosen!, pieces: l.count === '' ? MIN_QUANTITY : l.count })));
    } catch (caught) {
      setError({ text: t('addFailed'), detail: serverReason(caught, t('addFailed')) });
    } finally {
      setBusy(null);
    }
  }

  return (
    <div className="space-y-6">
      <form
        className="space-y-3"
        onSubmit={(event) => {
          event.preventDefault();
          if (text.trim()) void read({ json: { text } });
        }}
      >
        <label htmlFor={`${ids}-text`} className="block font-semibold text-ink">
          {t('pasteLabel')}
        </label>
        <p id={`${ids}-hint`} className="text-sm text-gray-700">
          {t('pasteHint')}
        </p>
        <textarea
          id={`${ids}-text`}
          aria-describedby={`${ids}-hint`}
          value={text}
          onChange={(event) => changeText(event.target.value)}
          rows={8}
          spellCheck={false}
          className="w-full rounded-md border border-gray-400 p-3 font-mono text-sm focus:border-brand-700 focus:outline-none focus:ring-2 focus:ring-brand-700"
        />
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" disabled={busy !== null || !text.trim()}>
            {busy === 'read' ? t('reading') : t('read')}
          </Button>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <label htmlFor={`${ids}-file`} className="text-sm font-semibold text-ink">
            {t('fileLabel')}
          </label>
          <input
            id={`${ids}-file`}
            type="file"
            accept=".xlsx,.xls,.csv,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            onChange={(event) => void upload(event.target.files?.[0])}
            className="max-w-full text-sm"
          />
          <a
            href={TEMPLATE_HREF}
            download="quick-order-template.csv"
            className="text-sm text-brand-700 underline"
          >
            {t('template')}
          </a>
        </div>
      </form>

      {error ? (
        <Notice tone="error" text={error.text} detail={error.detail}>
          <p className="mt-1 text-sm">{t('textKept')}</p>
        </Notice>
      ) : null}

      {lines && lines.length === 0 ? <p className="text-gray-800">{t('emptyRead')}</p> : null}

      {lines && lines.length > 0 ? (
        <div className="space-y-4">
          <ol
            aria-label={t('caption')}
            className="divide-y divide-gray-200 rounded-md border border-gray-200 bg-white"
          >
            {lines.map((line) => (
              <li key={line.key} className="space-y-2 p-3" data-status={line.chosen ? 'ready' : line.status}>
                <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
                  <span className="text-xs font-semibold uppercase text-gray-600">
                    {t('colRow')} {line.row}
                  </span>
                  <code className="break-all text-sm text-gray-800">{line.input}</code>
                </div>
                {line.quantity !== undefined && line.unit ? (
                  <p className="text-sm text-gray-700">
                    {t('readAs', {
                      quantity: line.quantity,
                      unit: t(`unit_${line.unit}`),
                      pieces: line.pieces,
                    })}
                  </p>
                ) : null}
                <LineBody line={line} onUpdate={(change) => update(line.key, change)} onReread={reread} />
                {line.chosen && (counts.get(line.chosen.productId) ?? 0) > 1 ? (
                  <p className="text-sm text-gray-700">{t('duplicate')}</p>
                ) : null}
              </li>
            ))}
          </ol>
          <p className="text-sm text-gray-800" role="status">
            {t('summary', { ready: ready.length, total: lines.length })}
            {ready.length < lines.length ? ` ${t('leftOut')}` : ''}
          </p>
          <Button onClick={() => void confirm()} disabled={busy !== null || ready.length === 0}>
            {busy === 'confirm'
              ? t('confirming')
              : confirmLabel
                ? confirmLabel(ready.length)
                : t('confirm', { count: ready.length })}
          </Button>
        </div>
      ) : null}
    </div>
  );
}

function LineBody({
  line,
  onUpdate,
  onReread,
}: {
  line: PadLine;
  onUpdate: (change: Partial<PadLine>) => void;
  onReread: (key: string, input: string) => Promise<void>;
}) {
  const { t } = useTranslation('quick-order');
  const [draft, setDraft] = useState(line.input);
  const id = useId();

  if (line.status === 'unreadable' && !line.chosen) {
    return (
      <form
        className="flex flex-wrap items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          void onReread(line.key, draft);
        }}
      >
        <p className="w-full text-sm text-red-800">{t('unreadable')}</p>
        <label htmlFor={id} className="sr-only">
          {t('editLine', { row: line.row })}
        </label>
        <input
          id={id}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          className="min-h-10 min-w-0 flex-1 rounded-md border border-gray-400 px-2 font-mono text-sm"
        />
        <Button type="submit" size="sm" variant="secondary" disabled={!draft.trim()}>
          {t('readAgain')}
        </Button>
      </form>
    );
  }

  return (
    <div className="space-y-2">
      {line.status === 'suggested' && !line.chosen ? (
        <div>
          <p className="text-sm text-red-800">
            {line.suggestions?.length ? t('suggested') : t('noSuggestions')}
          </p>
          <ul className="mt-1 flex flex-wrap gap-2">
            {(line.suggestions ?? []).map((s) => (
              <li key={s.productId}>
                <Button
                  size="sm"
                  variant="secondary"
                  aria-label={t('choose', { code: s.code, name: s.name })}
                  onClick={() => onUpdate({ chosen: s })}
                >
                  {s.code} · {s.name}
                </Button>
              </li>
            ))}
          </ul>
          {!line.suggestions?.length ? <UnmatchedEdit line={line} onReread={onReread} /> : null}
        </div>
      ) : null}
      {line.chosen ? (
        <div className="flex flex-wrap items-center gap-3">
          <p className="text-sm">
            <span className="font-semibold text-green-800">
              {line.status === 'matched' ? t('matched') : t('chosen')}:
            </span>{' '}
            <span className="font-semibold text-ink">{line.chosen.code}</span> {line.chosen.name}
          </p>
          <label htmlFor={id} className="text-sm text-gray-700">
            {t('piecesLabel', { code: line.chosen.code })}
          </label>
          <input
            id={id}
            type="number"
            inputMode="numeric"
            min={MIN_QUANTITY}
            max={MAX_QUANTITY}
            value={line.count}
            onChange={(event) =>
              onUpdate({
                count:
                  event.target.value === '' ? '' : clampPieces(Number(event.target.value) || MIN_QUANTITY),
              })
            }
            onBlur={() => onUpdate({ count: line.count === '' ? MIN_QUANTITY : line.count })}
            className="min-h-10 w-24 rounded-md border border-gray-400 px-2 text-sm"
          />
        </div>
      ) : null}
      {line.chosen && line.adjustedTo !== undefined && line.chosen.productId === line.productId ? (
        <p className="text-sm text-amber-900" title={line.adjustReason}>
          {t('adjusted', {
            from: line.pieces,
            to: line.adjustedTo,
            reason: line.packSize ? t('reasonPack', { pack: line.packSize }) : t('reasonMinimum'),
          })}
        </p>
      ) : null}
    </div>
  );
}

function UnmatchedEdit({
  line,
  onReread,
}: {
  line: PadLine;
  onReread: (key: string, input: string) => Promise<void>;
}) {
  const { t } = useTranslation('quick-order');
  const [draft, setDraft] = useState(line.input);
  const id = useId();
  return (
    <form
      className="mt-2 flex flex-wrap items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        void onReread(line.key, draft);
      }}
    >
      <label htmlFor={id} className="sr-only">
        {t('editLine', { row: line.row })}
      </label>
      <input
        id={id}
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        className="min-h-10 min-w-0 flex-1 rounded-md border border-gray-400 px-2 font-mono text-sm"
      />
      <Button type="submit" size="sm" variant="secondary" disabled={!draft.trim()}>
        {t('readAgain')}
      </Button>
    </form>
  );
}
