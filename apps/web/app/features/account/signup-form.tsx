import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '~/lib/i18n';
import { useLocation, useNavigate } from 'react-router';
import {
  findSignupError,
  SIGNUP_MESSAGE_KEYS,
  type SignupField,
  type SignupMessageKey,
} from '@catalogue/shared/domain/signup';
import type { RegisterBody } from '@catalogue/shared/schemas/user';
import { Button } from '~/components/ui/button';
import { TextField } from '~/components/ui/field';
import { BusinessFields } from './business-fields';
import { PrefixedLink } from '~/components/ui/prefixed-link';
import { ApiError, apiRequest } from '~/lib/api-client';
import { BUYER_INPUT, fieldBinder } from '~/lib/form-fields';
import { withPrefix } from '~/lib/prefix';
import { useHydrated } from '~/lib/use-hydrated';
import { PyramidLoader } from './pyramid-loader';

/** Every field as typed; the confirmation stays in the browser. */
type Values = Record<keyof RegisterBody | 'confirmPassword', string>;

const EMPTY: Values = {
  name: '',
  email: '',
  password: '',
  confirmPassword: '',
  contactNumber: '',
  country: '',
  companyName: '',
  companyWebsite: '',
};

/** The one error shown (only the first failed rule), beside its field. */
type Problem = { field: SignupField; key: SignupMessageKey } | { field: null; text: string };

const isMessageKey = (value: string): value is SignupMessageKey =>
  (SIGNUP_MESSAGE_KEYS as readonly string[]).includes(value);

/**
 * Sign-up: the shared rules run first in their fixed order, then the account
 * is registered while a pyramid loader stands in for the form; success is announced with an alert
 * that says what comes next (the link mailed to confirm the address, then an administrator's
 * approval when trade accounts need one) and leads to the login page; a failure shows the
 * server's word or the site's.
 */
/** What a new account goes through before it may send a price request, as the server is set up. */
export type SignupNext = { needsVerification: boolean; needsApproval: boolean };

/** The success message's key: it says what comes next (the mailed link, then approval). */
function successKey({ needsVerification, needsApproval }: SignupNext): string {
  if (needsVerification && needsApproval) return 'signup.success_verify_approval';
  if (needsVerification) return 'signup.success_verify';
  if (needsApproval) return 'signup.success_approval';
  return 'signup.signup_success';
}

export function SignupForm({
  next = { needsVerification: false, needsApproval: false },
}: {
  next?: SignupNext;
}) {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const isHydrated = useHydrated();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<Values>(EMPTY);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [isPending, setPending] = useState(false);

  const set = (field: keyof Values) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    if (problem?.field === field) setProblem(null);
  };

  const errorOf = (field: keyof Values) =>
    problem && problem.field === field ? t(`signup.errors.${problem.key}`) : undefined;
  const field = fieldBinder(values, set, errorOf);

  function focusField(field: SignupField) {
    // After the error renders, so the field's description is read with it.
    requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>(`[name="${field}"]`)?.focus());
  }

  function failureOf(error: unknown): Problem {
    if (!(error instanceof ApiError)) return { field: null, text: t('signup.signup_failed') };
    if (error.status === 0) return { field: null, text: t('signup.network') };
    if (error.status === 409) return { field: null, text: t('signup.exists') };
    // The server runs the same rules and names the field and the message key.
    const issue = error.issues[0];
    const field = issue?.path.replace(/^body\.?/, '') as SignupField | undefined;
    if (error.status === 400 && field && issue && isMessageKey(issue.message)) {
      return { field, key: issue.message };
    }
    if (error.status >= 500) return { field: null, text: t('signup.signup_failed') };
    return { field: null, text: error.message || t('signup.signup_failed') };
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isPending) return;
    const found = findSignupError(values);
    if (found) {
      setProblem({ field: found.field, key: found.key });
      focusField(found.field);
      return;
    }
    setProblem(null);
    setPending(true);
    const { confirmPassword: _stays, ...body } = values;
    try {
      await apiRequest('/users/register', { json: body satisfies RegisterBody });
      setValues(EMPTY);
      window.alert(t(successKey(next), { email: body.email.trim() }));
      navigate(withPrefix(pathname, '/login'));
    } catch (error) {
      const failure = failureOf(error);
      setPending(false);
      setProblem(failure);
      if (failure.field) focusField(failure.field);
    }
  }

  if (isPending) return <PyramidLoader label={t('signup.pending')} />;

  return (
    <form ref={formRef} method="post" noValidate onSubmit={(event) => void submit(event)}>
      <p className="mb-6 text-sm text-gray-700">{t('signup.required')}</p>
      <fieldset disabled={!isHydrated} className="grid gap-5 md:grid-cols-2">
        <TextField label={t('signup.name')} required {...BUYER_INPUT.name} {...field('name')} />
        <TextField label={t('signup.email')} required {...BUYER_INPUT.email} {...field('email')} />
        <TextField
          label={t('signup.password')}
          type="password"
          autoComplete="new-password"
          required
          hint={t('signup.passwordHint')}
          {...field('password')}
        />
        <TextField
          label={t('signup.confirmPassword')}
          type="password"
          autoComplete="new-password"
          required
          {...field('confirmPassword')}
        />
        <BusinessFields field={field} />
        {problem && problem.field === null ? (
          <p role="alert" className="text-sm font-medium text-red-700 md:col-span-2">
            {problem.text}
          </p>
        ) : null}
        <div className="md:col-span-2">
          <Button type="submit" size="lg" className="w-full">
            {t('signup.submit')}
          </Button>
        </div>
      </fieldset>
      <p className="mt-6 text-center text-sm text-gray-800">
        {t('signup.haveAccount')}{' '}
        <PrefixedLink to="/login" className="font-semibold text-brand-700 underline hover:text-brand-900">
          {t('signup.loginLink')}
        </PrefixedLink>
      </p>
    </form>
  );
}
