import { SITE } from '@catalogue/shared/domain/site';

/** The wordmark: a faceted gem and the business name, drawn inline (no request, no shift). */
export function Logo({ className = '' }: { className?: string }) {
  return (
    <span className={`inline-flex items-center gap-2 ${className}`}>
      <svg
        viewBox="0 0 32 32"
        width="32"
        height="32"
        aria-hidden="true"
        focusable="false"
        className="shrink-0"
      >
        <path d="M8 4h16l6 8-14 17L2 12Z" fill="#b8860b" />
        <path
          d="M2 12h28M8 4l4 8 4-8 4 8 4-8M12 12l4 17 4-17"
          fill="none"
          stroke="#fdf8ef"
          strokeWidth="1.3"
        />
      </svg>
      <span className="font-serif text-lg font-semibold leading-tight text-brand-900 sm:text-xl">
        {SITE.name}
      </span>
    </span>
  );
}
