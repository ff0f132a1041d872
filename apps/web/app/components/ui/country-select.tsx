import type { ComponentProps } from 'react';
import type { CountryOption } from '@catalogue/shared/domain/countries';
import { SelectField } from '~/components/ui/field';

/** Our own flag picture of a country (public/flags), never a third-party CDN. */
export function flagSrc(code: string): string {
  const iso = code.toUpperCase() === 'UK' ? 'GB' : code.toUpperCase();
  return `/flags/${iso}.png`;
}

export function CountryFlag({ code, className = '' }: { code: string; className?: string }) {
  return (
    <img
      src={flagSrc(code)}
      alt=""
      width={24}
      height={18}
      loading="lazy"
      decoding="async"
      className={`inline-block h-[18px] w-6 shrink-0 rounded-sm border border-gray-200 object-cover ${className}`}
    />
  );
}

type CountrySelectProps = Omit<ComponentProps<typeof SelectField>, 'options'> & {
  countries: readonly CountryOption[];
};

/**
 * A native select of countries (keyboard and screen readers work as everywhere), each option
 * labelled with its emoji flag and name, and the chosen country's flag picture inside the box,
 * since some systems draw emoji flags as letters. It is as wide as the form's other fields, and
 * the placeholder has the whole box.
 */
export function CountrySelect({ countries, value, ...select }: CountrySelectProps) {
  const chosen = typeof value === 'string' && value ? value : null;
  return (
    <SelectField
      value={value}
      options={countries.map((c) => ({ value: c.value, label: `${c.flag} ${c.label}` }))}
      leading={chosen ? <CountryFlag code={chosen} /> : undefined}
      {...select}
    />
  );
}
