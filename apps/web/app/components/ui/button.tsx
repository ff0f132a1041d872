import type { ComponentProps } from 'react';
import { PrefixedLink } from '~/components/ui/prefixed-link';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
export type ButtonSize = 'sm' | 'md' | 'lg';

const VARIANTS: Record<ButtonVariant, string> = {
  primary: 'bg-brand-700 text-white hover:bg-brand-900 disabled:bg-brand-700/60',
  secondary:
    'border border-brand-700 bg-white text-brand-900 hover:bg-brand-50 disabled:border-gray-300 disabled:text-gray-500',
  ghost: 'text-brand-900 hover:bg-brand-50 disabled:text-gray-500',
  danger: 'bg-red-700 text-white hover:bg-red-800 disabled:bg-red-700/60',
};

const SIZES: Record<ButtonSize, string> = {
  sm: 'min-h-9 px-3 text-sm',
  md: 'min-h-11 px-5 text-sm',
  lg: 'min-h-12 px-6 text-base',
};

/** The classes of a button, for anything that must look like one (links, labels). */
export function buttonClasses(variant: ButtonVariant = 'primary', size: ButtonSize = 'md', extra = '') {
  return [
    'inline-flex items-center justify-center gap-2 rounded-md font-semibold transition-colors',
    'disabled:cursor-not-allowed',
    VARIANTS[variant],
    SIZES[size],
    extra,
  ].join(' ');
}

type ButtonProps = ComponentProps<'button'> & { variant?: ButtonVariant; size?: ButtonSize };

/** A button; `type="button"` unless told otherwise, so it never submits a form by accident. */
export function Button({ variant, size, className = '', type = 'button', ...props }: ButtonProps) {
  return <button type={type} className={buttonClasses(variant, size, className)} {...props} />;
}

type ButtonLinkProps = ComponentProps<typeof PrefixedLink> & { variant?: ButtonVariant; size?: ButtonSize };

/** A link that looks like a button and keeps the visitor's locale prefix. */
export function ButtonLink({ variant, size, className = '', ...props }: ButtonLinkProps) {
  return <PrefixedLink className={buttonClasses(variant, size, className)} {...props} />;
}
