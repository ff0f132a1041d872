import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '~/lib/i18n';
import { useLocation, useNavigate } from 'react-router';
import { COUNTRY_OPTIONS } from '@catalogue/shared/domain/countries';
import { TIMINGS_MS } from '@catalogue/shared/domain/limits';
import { Button } from '~/components/ui/button';
import { CountrySelect } from '~/components/ui/country-select';
import { Dialog } from '~/components/ui/dialog';
import { TextAreaField, TextField } from '~/components/ui/field';
import { ApiError, apiRequest } from '~/lib/api-client';
import { HoneypotField, honeypotOf } from '~/components/ui/honeypot-field';
import { BUYER_INPUT, fieldBinder } from '~/lib/form-fields';
import { withPrefix } from '~/lib/prefix';
import { useHydrated } from '~/lib/use-hydrated';
import {
  EMPTY_CONTACT,
  errorsFromIssues,
  findContactErrors,
  firstInvalidField,
  type ContactErrors,
  type ContactField,
  type ContactValues,
} from './contact-errors';

/**
 * The contact form. The same schema as the server checks it first; on success the form
 * clears and a thank-you overlay shows for 3 seconds before the home page. A failure (a deliberate
 * fix: the original only logged it) is shown, beside the fields the server named, and what the
 * visitor typed stays.
 */
export function ContactForm() {
  const { t, i18n } = useTranslation('contact');
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const isHydrated = useHydrated();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<ContactValues>(EMPTY_CONTACT);
  const [errors, setErrors] = useState<ContactErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [isSending, setSending] = useState(false);
  const [isThanked, setThanked] = useState(false);
  const home = withPrefix(pathname, '/');

  useEffect(() => {
    if (!isThanked) return;
    const timer = window.setTimeout(() => navigate(home), TIMINGS_MS.contactOverlay);
    return () => window.clearTimeout(timer);
  }, [isThanked, navigate, home]);

  const set = (field: ContactField) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    // An error on a field clears when the visitor edits it (as on the price request form).
    if (errors[field]) setErrors(({ [field]: _gone, ...rest }) => rest);
  };

  function showErrors(found: ContactErrors) {
    setErrors(found);
    const first = firstInvalidField(found);
    if (first) {
      requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus());
    }
  }

  function messageOf(error: unknown): string {
    if (!(error instanceof ApiError) || error.status >= 500) return t('errors.failed');
    if (error.status === 0) return t('errors.network');
    // The limiter's own message says it best; other languages get the same in their words.
    if (error.status === 429) return i18n.language === 'en' ? error.message : t('errors.rateLimited');
    if (error.status === 400) return t('errors.fixFields');
    return t('errors.failed');
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isSending) return;
    setFailure(null);
    const found = findContactErrors(values);
    if (Object.keys(found).length) {
      showErrors(found);
      return;
    }
    setSending(true);
    try {
      await apiRequest('/contact/send', { json: { ...values, ...honeypotOf(formRef.current) } });
      setValues(EMPTY_CONTACT);
      setErrors({});
      setThanked(true);
    } catch (error) {
      setFailure(messageOf(error));
      if (error instanceof ApiError && error.status === 400)
        showErrors(errorsFromIssues(error.issues, values));
    } finally {
      setSending(false);
    }
  }

  const errorOf = (field: ContactField) => (errors[field] ? t(errors[field]) : undefined);
  const field = fieldBinder(values, set, errorOf);

  return (
    <>
      <form
        ref={formRef}
        method="post"
        noValidate
        onSubmit={(event) => void submit(event)}
        className="relative"
      >
        <HoneypotField />
        <p className="mb-5 text-sm text-gray-700">{t('form.required')}</p>
        <fieldset disabled={!isHydrated || isSending} className="grid gap-5 sm:grid-cols-2">
          <TextField label={t('form.name')} required {...BUYER_INPUT.name} {...field('name')} />
          <TextField label={t('form.email')} required {...BUYER_INPUT.email} {...field('email')} />
          <TextField
            label={t('form.contactNumber')}
            required
            {...BUYER_INPUT.contactNumber}
            {...field('contactNumber')}
          />
          <CountrySelect
            label={t('form.country')}
            required
            countries={COUNTRY_OPTIONS}
            placeholder={t('form.countryPlaceholder')}
            {...BUYER_INPUT.country}
            {...field('country')}
          />
          <TextField label={t('form.companyName')} {...BUYER_INPUT.companyName} {...field('companyName')} />
          <TextField
            label={t('form.companyWebsite')}
            hint={t('form.websiteHint')}
            {...BUYER_INPUT.companyWebsite}
            {...field('companyWebsite')}
          />
          <TextAreaField
            className="sm:col-span-2"
            label={t('form.message')}
            required
            rows={5}
            {...field('message')}
          />
          {failure ? (
            <p
              role="alert"
              className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-700 sm:col-span-2"
            >
              {failure}
            </p>
          ) : null}
          <div className="sm:col-span-2">
            <Button type="submit" size="lg" aria-busy={isSending || undefined}>
              {isSending ? t('form.sending') : t('form.submit')}
            </Button>
          </div>
        </fieldset>
      </form>
      <Dialog open={isThanked} onClose={() => navigate(home)} title={t('thanks.title')}>
        <p>{t('thanks.text')}</p>
        <p className="mt-2 text-sm text-gray-700" role="status">
          {t('thanks.redirect')}
        </p>
      </Dialog>
    </>
  );
}
