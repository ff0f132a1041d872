import type { ReactNode } from 'react';
import { Button } from './button';

const TONES = {
  error: 'border-red-700 bg-red-50 text-red-800',
  success: 'border-green-700 bg-green-50 text-green-900',
} as const;

type NoticeProps = {
  tone: keyof typeof TONES;
  /** What happened, in the site's fixed words. */
  text: string;
  /** The server's reason, shown under it when it adds something. */
  detail?: string | null | undefined;
  children?: ReactNode;
  className?: string;
};

/**
 * A message box of the admin screens: errors are announced at once (`alert`), successes politely
 * (`status`).
 */
export function Notice({ tone, text, detail, children, className = '' }: NoticeProps) {
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={`rounded-md border px-4 py-3 ${TONES[tone]} ${className}`}
    >
      <p className="font-semibold">{text}</p>
      {detail && detail !== text ? <p className="mt-1 text-sm">{detail}</p> : null}
      {children}
    </div>
  );
}

/** Upload progress, 0..1, as a native progress bar with a spoken name. */
export function UploadProgress({ value, label }: { value: number; label: string }) {
  return (
    <progress
      value={value}
      max={1}
      aria-label={label}
      className="h-2 w-full overflow-hidden rounded [&::-webkit-progress-bar]:bg-brand-50 [&::-webkit-progress-value]:bg-brand-700"
    />
  );
}

/**
 * A failed load: what failed, the server's reason when it gave one, and a way to try again (none
 * when trying again cannot help, e.g. a blog that does not exist).
 */
export function LoadError({
  message,
  detail,
  onRetry,
  retryLabel,
}: {
  message: string;
  detail?: string;
  onRetry?: () => void;
  /** The caller's own text, so this piece carries no feature's namespace. */
  retryLabel: string;
}) {
  return (
    <Notice tone="error" text={message} detail={detail}>
      {onRetry ? (
        <Button variant="secondary" size="sm" className="mt-3" onClick={onRetry}>
          {retryLabel}
        </Button>
      ) : null}
    </Notice>
  );
}
