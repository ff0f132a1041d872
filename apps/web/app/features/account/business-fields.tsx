import type { ChangeEvent } from 'react';
import { SIGNUP_COUNTRY_OPTIONS } from '@catalogue/shared/domain/countries';
import { CountrySelect } from '~/components/ui/country-select';
import { TextField } from '~/components/ui/field';
import { BUYER_INPUT } from '~/lib/form-fields';
import { useTranslation } from '~/lib/i18n';

type BusinessField = 'contactNumber' | 'country' | 'companyName' | 'companyWebsite';

type BoundField = {
  name: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => void;
  error: string | undefined;
};

/**
 * The business details an account holds, as sign-up asks for them and the profile edits them:
 * contact number and country (required), company name and website. `field` wires each one to the
 * form's own state (`fieldBinder`).
 */
export function BusinessFields({ field }: { field: (name: BusinessField) => BoundField }) {
  const { t } = useTranslation('account');
  return (
    <>
      <TextField
        label={t('signup.contactNumber')}
        required
        {...BUYER_INPUT.contactNumber}
        {...field('contactNumber')}
      />
      <CountrySelect
        label={t('signup.country')}
        required
        countries={SIGNUP_COUNTRY_OPTIONS}
        placeholder={t('signup.countryPlaceholder')}
        {...BUYER_INPUT.country}
        {...field('country')}
      />
      <TextField label={t('signup.companyName')} {...BUYER_INPUT.companyName} {...field('companyName')} />
      <TextField
        label={t('signup.companyWebsite')}
        hint={t('signup.websiteHint')}
        {...BUYER_INPUT.companyWebsite}
        {...field('companyWebsite')}
      />
    </>
  );
}
