import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '~/lib/i18n';
import { COUNTRY_OPTIONS } from '@catalogue/shared/domain/countries';
import { linesBelowMinimum, type EnquiryLine } from '@catalogue/shared/domain/enquiry-list';
import { formatNumber } from '@catalogue/shared/format-number';
import { ENQUIRY_FIELD_MAX } from '@catalogue/shared/schemas/order';
import { Button } from '~/components/ui/button';
import { CountrySelect } from '~/components/ui/country-select';
import { TextAreaField, TextField } from '~/components/ui/field';
import { BUYER_INPUT, fieldBinder } from '~/lib/form-fields';
import {
  priceRequestFromAccount,
  type PriceRequestAccount,
  type PriceRequestErrors,
  type PriceRequestField,
  type PriceRequestValues,
} from '~/features/cart/price-request';
import { usePriceRequest } from '~/features/cart/use-price-request';
import { HoneypotField, honeypotOf } from '~/components/ui/honeypot-field';
import { AccountHoldNotice } from '~/features/cart/account-hold-notice';
import type { PriceRequestRefusal } from '@catalogue/shared/domain/accounts';
import { KEEP_CLEAR } from '~/lib/keep-clear';

type PriceRequestFormProps = {
  lines: readonly EnquiryLine[];
  /** The request was recorded: the page clears the list and thanks the visitor. */
  onSent: () => void;
  /** The server no longer knows the visitor (401): the page sends them to log in. */
  onLoginNeeded: () => void;
  /** The buyer's account: the form starts filled with its name, e-mail, phone, country and company. */
  account?: PriceRequestAccount | null;
};

function showAlert(text: string) {
  if (typeof window.alert === 'function') window.alert(text);
}

/**
 * The price request form of the cart: required fields are marked, each error sits
 * under its field and clears as soon as that field is edited, and the button stays disabled while
 * the list is empty, a design in it is below its minimum order (each such design is named), or a
 * request is on its way.
 */
export function PriceRequestForm({ lines, onSent, onLoginNeeded, account }: PriceRequestFormProps) {
  const { t } = useTranslation('cart');
  const [values, setValues] = useState<PriceRequestValues>(() => priceRequestFromAccount(account));
  const [errors, setErrors] = useState<PriceRequestErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [hold, setHold] = useState<PriceRequestRefusal | null>(null);
  const [attempt, setAttempt] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const { isSubmitting, submit } = usePriceRequest();
  const isEmpty = lines.length === 0;
  const belowMinimum = linesBelowMinimum(lines);

  // After a refused submit, focus goes to the first field in error so keyboard users land on it.
  useEffect(() => {
    if (attempt) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [attempt]);

  const edit =
    (field: PriceRequestField) =>
    (event: React.ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => {
      const { value } = event.target;
      setValues((current) => ({ ...current, [field]: value }));
      setErrors((current) => {
        if (!current[field]) return current;
        const next = { ...current };
        delete next[field];
        return next;
      });
      setFailure(null);
    };

  const errorOf = (field: PriceRequestField) => (errors[field] ? t(`errors.${errors[field]}`) : undefined);
  const field = fieldBinder(values, edit, errorOf);

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isEmpty || belowMinimum.length) return;
    setFailure(null);
    setHold(null);
    const outcome = await submit(values, lines, honeypotOf(formRef.current));
    switch (outcome.kind) {
      case 'sent':
        setValues(priceRequestFromAccount(account));
        setErrors({});
        onSent();
        break;
      case 'invalid':
        setErrors(outcome.errors);
        setAttempt((n) => n + 1);
        break;
      case 'login-needed':
        showAlert(t('form.loginRequired'));
        onLoginNeeded();
        break;
      case 'held':
        setHold(outcome.code);
        break;
      case 'refused':
        setFailure(outcome.message);
        break;
      case 'failed':
        setFailure(t('form.failed'));
        showAlert(t('form.failed'));
        break;
      case 'busy':
        break;
    }
  }

  const hasErrors = Object.keys(errors).length > 0;

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      aria-labelledby="price-request-heading"
      className="relative rounded-lg border border-brand-100 bg-white p-5 shadow-sm sm:p-6"
    >
      <HoneypotField />
      <h2 id="price-request-heading" className="font-serif text-2xl text-brand-900">
        {t('form.heading')}
      </h2>
      <p className="mt-1 text-sm text-gray-700">{t('form.requiredNote')}</p>
      <div className="mt-5 grid gap-4 sm:grid-cols-2">
        <TextField
          label={t('form.firstName')}
          required
          maxLength={ENQUIRY_FIELD_MAX.name}
          {...BUYER_INPUT.firstName}
          {...field('firstName')}
        />
        <TextField
          label={t('form.email')}
          required
          maxLength={ENQUIRY_FIELD_MAX.email}
          {...BUYER_INPUT.email}
          {...field('email')}
        />
        <TextField
          label={t('form.contactNumber')}
          required
          maxLength={ENQUIRY_FIELD_MAX.contactNumber}
          {...BUYER_INPUT.contactNumber}
          {...field('contactNumber')}
        />
        <TextField
          label={t('form.companyName')}
          maxLength={ENQUIRY_FIELD_MAX.companyName}
          {...BUYER_INPUT.companyName}
          {...field('companyName')}
        />
        <CountrySelect
          label={t('form.country')}
          required
          countries={COUNTRY_OPTIONS}
          placeholder={t('form.countryPlaceholder')}
          {...BUYER_INPUT.country}
          {...field('country')}
        />
        <TextField
          label={t('form.companyWebsite')}
          maxLength={ENQUIRY_FIELD_MAX.companyWebsite}
          {...BUYER_INPUT.companyWebsite}
          {...field('companyWebsite')}
        />
        <TextAreaField
          className="sm:col-span-2"
          label={t('form.message')}
          hint={t('form.messageHint')}
          maxLength={ENQUIRY_FIELD_MAX.message}
          {...field('message')}
        />
      </div>
      {hasErrors ? (
        <p className="mt-4 text-sm text-red-700" role="alert">
          {t('form.fixErrors')}
        </p>
      ) : null}
      {failure ? (
        <p className="mt-4 text-sm text-red-700" role="alert">
          {failure}
        </p>
      ) : null}
      {hold ? <AccountHoldNotice code={hold} /> : null}
      {isEmpty ? <p className="mt-4 text-sm text-gray-700">{t('form.emptyList')}</p> : null}
      {belowMinimum.length ? (
        <div className="mt-4 text-sm text-red-700" role="alert">
          <p>{t('form.belowMinimum')}</p>
          <ul className="mt-1 list-disc ps-5">
            {belowMinimum.map((line) => (
              <li key={line._id}>
                {t('form.belowMinimumLine', {
                  name: line.code
                    ? `${line.name || t('lines.unnamed')} (${line.code})`
                    : line.name || t('lines.unnamed'),
                  minimum: formatNumber(line.minOrderQuantity!),
                })}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <div className="mt-5" {...KEEP_CLEAR}>
        <Button
          type="submit"
          size="lg"
          disabled={isEmpty || belowMinimum.length > 0 || isSubmitting}
          aria-busy={isSubmitting || undefined}
          className="w-full sm:w-auto"
        >
          {isSubmitting ? t('form.submitting') : t('form.submit')}
        </Button>
      </div>
    </form>
  );
}
