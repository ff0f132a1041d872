import { useId, type ComponentProps, type ReactNode } from 'react';

type FieldFrame = {
  label: ReactNode;
  /** Shown under the control in red and announced; the control is marked invalid. */
  error?: string | null | undefined;
  hint?: ReactNode;
  className?: string;
};

const CONTROL =
  'block w-full rounded-md border bg-white px-3 py-2 text-base text-ink placeholder:text-gray-500 ' +
  'focus:border-brand-700 focus:outline-2 focus:outline-offset-0 focus:outline-brand-700 ' +
  'disabled:bg-gray-100 disabled:text-gray-500';

function useFieldIds(id: string | undefined) {
  const generated = useId();
  const controlId = id ?? generated;
  return { controlId, hintId: `${controlId}-hint`, errorId: `${controlId}-error` };
}

function describedBy(ids: { hintId: string; errorId: string }, hint: unknown, error: unknown) {
  return [hint ? ids.hintId : '', error ? ids.errorId : ''].filter(Boolean).join(' ') || undefined;
}

function Frame({
  label,
  error,
  hint,
  className = '',
  required,
  ids,
  children,
}: FieldFrame & {
  required: boolean | undefined;
  ids: ReturnType<typeof useFieldIds>;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <label htmlFor={ids.controlId} className="mb-1 block text-sm font-medium text-ink">
        {label}
        {required ? (
          <span aria-hidden="true" className="text-red-700">
            {' '}
            *
          </span>
        ) : null}
      </label>
      {children}
      {hint ? (
        <p id={ids.hintId} className="mt-1 text-sm text-gray-700">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={ids.errorId} className="mt-1 text-sm text-red-700" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A labelled text input (any `type`) with an optional hint and error. */
export function TextField({
  label,
  error,
  hint,
  className,
  id,
  ...input
}: FieldFrame & ComponentProps<'input'>) {
  const ids = useFieldIds(id);
  return (
    <Frame label={label} error={error} hint={hint} className={className} required={input.required} ids={ids}>
      <input
        id={ids.controlId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(ids, hint, error)}
        className={`${CONTROL} ${error ? 'border-red-700' : 'border-gray-400'}`}
        {...input}
      />
    </Frame>
  );
}

/** A labelled multi-line text input. */
export function TextAreaField({
  label,
  error,
  hint,
  className,
  id,
  ...textarea
}: FieldFrame & ComponentProps<'textarea'>) {
  const ids = useFieldIds(id);
  return (
    <Frame
      label={label}
      error={error}
      hint={hint}
      className={className}
      required={textarea.required}
      ids={ids}
    >
      <textarea
        id={ids.controlId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(ids, hint, error)}
        className={`${CONTROL} min-h-28 ${error ? 'border-red-700' : 'border-gray-400'}`}
        {...textarea}
      />
    </Frame>
  );
}

export type SelectOption = { value: string; label: string };

/**
 * A labelled native select; `placeholder` adds an empty first choice. `leading` draws a small
 * picture inside the box at its left (a flag), so the select keeps the full width of every field.
 */
export function SelectField({
  label,
  error,
  hint,
  className,
  id,
  options,
  placeholder,
  leading,
  ...select
}: FieldFrame &
  ComponentProps<'select'> & {
    options: readonly SelectOption[];
    placeholder?: string;
    leading?: ReactNode;
  }) {
  const ids = useFieldIds(id);
  const control = (
    <select
      id={ids.controlId}
      aria-invalid={error ? true : undefined}
      aria-describedby={describedBy(ids, hint, error)}
      className={`${CONTROL} ${leading ? 'pl-11' : ''} ${error ? 'border-red-700' : 'border-gray-400'}`}
      {...select}
    >
      {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </select>
  );
  return (
    <Frame label={label} error={error} hint={hint} className={className} required={select.required} ids={ids}>
      {/* One wrapper whether or not there is a picture, so choosing a value never remounts the select. */}
      <div className="relative">
        {control}
        {leading ? (
          <span
            className="pointer-events-none absolute inset-y-0 left-3 flex items-center"
            aria-hidden="true"
          >
            {leading}
          </span>
        ) : null}
      </div>
    </Frame>
  );
}
