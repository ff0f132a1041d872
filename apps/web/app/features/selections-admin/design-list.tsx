import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { MAX_SELECTION_DESIGNS } from '@catalogue/shared/domain/selections';
import { Button } from '~/components/ui/button';
import { useTranslation } from '~/lib/i18n';

/** A design as the editor keeps it (what the selection's answer gives of each). */
export type EditorDesign = { _id: string; code: string; name: string; imageUrl: string | null };

type Focus = { id: string; part: 'row' | 'up' | 'down' };

/** `designs` with the one at `from` moved to `to` (both within the list). */
export function moved<T>(designs: readonly T[], from: number, to: number): T[] {
  const next = [...designs];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}

/**
 * The selection's designs in the order its buyers see them: each moved up or down with its
 * buttons or, on the row, Alt+↑ / Alt+↓, and removed. Focus stays with the design that moved, and
 * each change is announced. The count shows against the 500 limit; past it, a warning says how
 * many to remove (the server refuses the save with its own message too).
 */
export function DesignList({
  designs,
  onChange,
}: {
  designs: readonly EditorDesign[];
  onChange: (designs: EditorDesign[]) => void;
}) {
  const { t } = useTranslation('selections-admin');
  const [said, setSaid] = useState('');
  const listRef = useRef<HTMLOListElement>(null);
  const focus = useRef<Focus | null>(null);

  useEffect(() => {
    const wanted = focus.current;
    if (!wanted || !listRef.current) return;
    focus.current = null;
    const row = listRef.current.querySelector<HTMLElement>(`[data-design="${wanted.id}"]`);
    const target =
      wanted.part === 'row' ? row : row?.querySelector<HTMLElement>(`[data-move="${wanted.part}"]`);
    target?.focus();
  }, [designs]);

  const move = (index: number, by: -1 | 1, part: Focus['part']) => {
    const to = index + by;
    if (to < 0 || to >= designs.length) return;
    const design = designs[index]!;
    focus.current = { id: design._id, part };
    onChange(moved(designs, index, to));
    setSaid(t('designs.moved', { code: design.code, position: to + 1, count: designs.length }));
  };

  const remove = (index: number) => {
    const design = designs[index]!;
    const next = designs.filter((_, i) => i !== index);
    // Focus goes to the design that takes its place (or the one before it at the end).
    const neighbour = next[Math.min(index, next.length - 1)];
    if (neighbour) focus.current = { id: neighbour._id, part: 'row' };
    onChange(next);
    setSaid(t('designs.removed', { code: design.code }));
  };

  const onRowKey = (event: KeyboardEvent<HTMLLIElement>, index: number) => {
    if (!event.altKey || (event.key !== 'ArrowUp' && event.key !== 'ArrowDown')) return;
    event.preventDefault();
    move(index, event.key === 'ArrowUp' ? -1 : 1, 'row');
  };

  const extra = designs.length - MAX_SELECTION_DESIGNS;
  return (
    <section aria-labelledby="selection-designs" className="space-y-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="selection-designs" className="font-serif text-xl text-brand-900">
          {t('designs.heading')}
        </h2>
        <p className={`text-sm ${extra > 0 ? 'font-semibold text-red-800' : 'text-gray-700'}`}>
          {t('designs.count', { count: designs.length, max: MAX_SELECTION_DESIGNS })}
        </p>
      </div>
      {extra > 0 ? (
        <p role="alert" className="rounded-md border border-red-700 bg-red-50 px-3 py-2 text-sm text-red-800">
          {t('designs.overLimit', { max: MAX_SELECTION_DESIGNS, extra })}
        </p>
      ) : null}
      <p className="text-sm text-gray-700">{t('designs.keyboardHint')}</p>
      <p role="status" className="sr-only">
        {said}
      </p>
      {designs.length === 0 ? (
        <p className="rounded-md border border-dashed border-gray-400 p-4 text-gray-700">
          {t('designs.empty')}
        </p>
      ) : (
        <ol ref={listRef} className="divide-y divide-gray-200 rounded-md border border-gray-200 bg-white">
          {designs.map((design, index) => (
            <li
              key={design._id}
              data-design={design._id}
              tabIndex={0}
              aria-label={`${index + 1}. ${design.code} · ${design.name}`}
              onKeyDown={(event) => onRowKey(event, index)}
              className="flex flex-wrap items-center gap-3 px-3 py-2 focus-visible:outline-2 focus-visible:outline-brand-700"
            >
              <span className="w-8 text-right text-sm tabular-nums text-gray-700">{index + 1}.</span>
              {design.imageUrl ? (
                <img src={design.imageUrl} alt="" loading="lazy" className="size-10 rounded object-cover" />
              ) : (
                <span aria-hidden="true" className="size-10 rounded bg-gray-100" />
              )}
              <span className="min-w-0 flex-1">
                <span className="block font-mono text-sm text-ink">{design.code}</span>
                <span className="block truncate text-sm text-gray-700">{design.name}</span>
              </span>
              <span className="flex gap-1">
                <Button
                  size="sm"
                  variant="secondary"
                  data-move="up"
                  aria-label={t('designs.moveUp', { code: design.code })}
                  onClick={() => move(index, -1, 'up')}
                >
                  <span aria-hidden="true">↑</span>
                </Button>
                <Button
                  size="sm"
                  variant="secondary"
                  data-move="down"
                  aria-label={t('designs.moveDown', { code: design.code })}
                  onClick={() => move(index, 1, 'down')}
                >
                  <span aria-hidden="true">↓</span>
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={t('designs.remove', { code: design.code })}
                  onClick={() => remove(index)}
                >
                  <span aria-hidden="true">✕</span>
                </Button>
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
