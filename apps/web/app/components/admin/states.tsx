import { Spinner } from '~/components/ui/spinner';

/** A spinner with its text visible too (spec: 'Loading orders...'), announced once. */
export function LoadingState({ text }: { text: string }) {
  return (
    <div className="flex items-center gap-3 py-6 text-gray-700">
      <Spinner size="sm" label={text} />
      <span aria-hidden="true">{text}</span>
    </div>
  );
}

export function EmptyState({ text }: { text: string }) {
  return (
    <p className="rounded-md border border-dashed border-gray-300 p-6 text-center text-gray-700">{text}</p>
  );
}
