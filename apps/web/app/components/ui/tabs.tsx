import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

export type TabItem = { id: string; label: ReactNode; panel: ReactNode };

type TabsProps = {
  label: string;
  items: readonly TabItem[];
  selectedId: string;
  onSelect: (id: string) => void;
  className?: string;
  listClassName?: string;
};

const TAB = 'shrink-0 rounded-full border px-4 py-2 text-sm font-medium transition-colors whitespace-nowrap';

/**
 * Accessible tabs (WAI-ARIA tabs pattern): arrow keys, Home and End move between tabs and select
 * them; only the selected tab is in the Tab order. Every panel is rendered, hidden ones with
 * `hidden`, so their text is in the server's HTML.
 */
export function Tabs({ label, items, selectedId, onSelect, className = '', listClassName = '' }: TabsProps) {
  const baseId = useId();
  const tabRefs = useRef(new Map<string, HTMLButtonElement>());

  const move = (event: KeyboardEvent, index: number) => {
    const last = items.length - 1;
    const next =
      event.key === 'ArrowRight' || event.key === 'ArrowDown'
        ? index === last
          ? 0
          : index + 1
        : event.key === 'ArrowLeft' || event.key === 'ArrowUp'
          ? index === 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    const item = items[next];
    if (!item) return;
    onSelect(item.id);
    tabRefs.current.get(item.id)?.focus();
  };

  return (
    <div className={className}>
      <div role="tablist" aria-label={label} className={`flex gap-2 overflow-x-auto pb-2 ${listClassName}`}>
        {items.map((item, index) => {
          const isSelected = item.id === selectedId;
          return (
            <button
              key={item.id}
              ref={(el) => {
                if (el) tabRefs.current.set(item.id, el);
                else tabRefs.current.delete(item.id);
              }}
              type="button"
              role="tab"
              id={`${baseId}-tab-${item.id}`}
              aria-selected={isSelected}
              aria-controls={`${baseId}-panel-${item.id}`}
              tabIndex={isSelected ? 0 : -1}
              onClick={() => onSelect(item.id)}
              onKeyDown={(event) => move(event, index)}
              className={`${TAB} ${
                isSelected
                  ? 'border-brand-700 bg-brand-700 text-white'
                  : 'border-gray-300 bg-white text-ink hover:border-brand-700'
              }`}
            >
              {item.label}
            </button>
          );
        })}
      </div>
      {items.map((item) => (
        <div
          key={item.id}
          role="tabpanel"
          id={`${baseId}-panel-${item.id}`}
          aria-labelledby={`${baseId}-tab-${item.id}`}
          hidden={item.id !== selectedId}
          tabIndex={0}
          className="mt-4"
        >
          {item.panel}
        </div>
      ))}
    </div>
  );
}
