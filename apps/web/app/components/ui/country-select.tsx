import type { ComponentProps } from 'react';
import { COUNTRY_OPTIONS, countryOptionOf, type CountryOption } from '@catalogue/shared/domain/countries';
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
 * labelled with its name only, and the chosen country's flag picture inside the box: emoji flags
 * are drawn as letters or empty boxes on many systems. It is as wide as the form's other fields,
 * and the placeholder has the whole box. A stored country shows as chosen when the list names it
 * another way (a stored `GB` is the sign-up list's `UK`), and one the list lacks (a country set
 * from a longer list) is offered too, so an editor never shows a buyer's country as unchosen.
 */
export function CountrySelect({ countries, value, ...select }: CountrySelectProps) {
  const stored = typeof value === 'string' && value ? value : null;
  const listed = countryOptionOf(countries, stored);
  const extra = stored && !listed ? countryOptionOf(COUNTRY_OPTIONS, stored) : null;
  const options = extra ? [...countries, extra] : countries;
  const chosen = listed?.value ?? extra?.value ?? stored;
  return (
    <SelectField
      value={chosen ?? value}
      options={options.map((c) => ({ value: c.value, label: c.label }))}
      leading={chosen ? <CountryFlag code={chosen} /> : undefined}
      {...select}
    />
  );
}
