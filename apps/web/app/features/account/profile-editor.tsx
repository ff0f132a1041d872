import { useRef, useState, type FormEvent } from 'react';
import { useLocation } from 'react-router';
import {
  findSignupError,
  isPasswordLongEnough,
  SIGNUP_MESSAGE_KEYS,
  type SignupField,
  type SignupMessageKey,
} from '@catalogue/shared/domain/signup';
import type { PublicUser, UpdateProfileBody, UserResponse } from '@catalogue/shared/schemas/user';
import { Button } from '~/components/ui/button';
import { TextField } from '~/components/ui/field';
import { BusinessFields } from './business-fields';
import { ApiError, apiRequest, clearStoredSession } from '~/lib/api-client';
import { BUYER_INPUT, fieldBinder } from '~/lib/form-fields';
import { useTranslation } from '~/lib/i18n';
import { withPrefix } from '~/lib/prefix';

type DetailField = 'name' | 'email' | 'contactNumber' | 'country' | 'companyName' | 'companyWebsite';
type Values = Record<DetailField, string>;

const isMessageKey = (value: string): value is SignupMessageKey =>
  (SIGNUP_MESSAGE_KEYS as readonly string[]).includes(value);

/** `taken`: the server refused the address as another account's (409). */
type Problem = { field: SignupField; key: SignupMessageKey; taken?: boolean } | { field: null; text: string };

/** Where a failed call leaves the visitor: the field the server named, or one line for the form. */
function problemOf(error: unknown, t: (key: string) => string): Problem {
  if (!(error instanceof ApiError) || error.status >= 500) return { field: null, text: t('edit.failed') };
  if (error.status === 0) return { field: null, text: t('tokens.network') };
  if (error.status === 409) return { field: 'email', key: 'invalid_email', taken: true };
  const issue = error.issues[0];
  const field = issue?.path.replace(/^body\.?/, '') as SignupField | undefined;
  if (error.status === 400 && field && issue && isMessageKey(issue.message))
    return { field, key: issue.message };
  return { field: null, text: error.message || t('edit.failed') };
}

/**
 * The profile's details with the sign-up's rules (the same shared rules the server applies). A
 * changed e-mail address must be verified again: the server mails it a link.
 */
export function ProfileDetailsForm({
  profile,
  onSaved,
  onCancel,
}: {
  profile: PublicUser;
  onSaved: (user: PublicUser) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('account');
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<Values>({
    name: profile.name,
    email: profile.email,
    contactNumber: profile.contactNumber,
    country: profile.country,
    companyName: profile.companyName,
    companyWebsite: profile.companyWebsite,
  });
  const [problem, setProblem] = useState<Problem | null>(null);
  const [isPending, setPending] = useState(false);

  const set = (field: DetailField) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    if (problem?.field === field) setProblem(null);
  };
  const errorOf = (field: DetailField) => {
    if (!problem || problem.field !== field) return undefined;
    return problem.taken ? t('edit.emailTaken') : t(`signup.errors.${problem.key}`);
  };
  const field = fieldBinder(values, set, errorOf);

  function focusField(name: string) {
    requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>(`[name="${name}"]`)?.focus());
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isPending) return;
    const found = findSignupError(values, { checkPassword: false });
    if (found) {
      setProblem({ field: found.field, key: found.key });
      focusField(found.field);
      return;
    }
    setProblem(null);
    setPending(true);
    try {
      const answer = await apiRequest<UserResponse>('/users/me', {
        method: 'PUT',
        json: values satisfies UpdateProfileBody,
      });
      onSaved(answer.user);
    } catch (error) {
      const next = problemOf(error, t);
      setProblem(next);
      if (next.field) focusField(next.field);
      setPending(false);
    }
  }

  return (
    <form ref={formRef} method="post" noValidate onSubmit={(event) => void submit(event)}>
      <p className="mb-6 text-sm text-gray-700">{t('signup.required')}</p>
      <fieldset disabled={isPending} className="grid gap-5 md:grid-cols-2">
        <TextField label={t('signup.name')} required {...BUYER_INPUT.name} {...field('name')} />
        <TextField
          label={t('signup.email')}
          required
          hint={t('edit.emailHint')}
          {...BUYER_INPUT.email}
          {...field('email')}
        />
        <BusinessFields field={field} />
      </fieldset>
      {problem && !problem.field ? (
        <p role="alert" className="mt-4 text-sm font-medium text-red-700">
          {problem.text}
        </p>
      ) : null}
      <div className="mt-6 flex flex-wrap gap-3">
        <Button type="submit" disabled={isPending} aria-busy={isPending || undefined}>
          {isPending ? t('edit.saving') : t('edit.save')}
        </Button>
        <Button variant="ghost" disabled={isPending} onClick={onCancel}>
          {t('edit.cancel')}
        </Button>
      </div>
    </form>
  );
}

type ResendState = 'idle' | 'sending' | 'sent' | 'limited' | 'failed';

/** Whether the address is verified, and a "send again" for its link while it is not. */
export function EmailVerificationStatus({ profile }: { profile: PublicUser }) {
  const { t } = useTranslation('account');
  const [state, setState] = useState<ResendState>('idle');
  if (profile.emailVerified) return <p className="text-sm text-green-800">{t('edit.verified')}</p>;

  async function sendAgain() {
    setState('sending');
    try {
      await apiRequest('/users/verify-email/resend', { method: 'POST' });
      setState('sent');
    } catch (error) {
      setState(error instanceof ApiError && error.status === 429 ? 'limited' : 'failed');
    }
  }
  return (
    <div className="rounded-md border border-amber-700 bg-amber-50 px-4 py-3 text-amber-950">
      <p>{t('edit.unverified')}</p>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <Button
          variant="secondary"
          disabled={state === 'sending' || state === 'sent'}
          aria-busy={state === 'sending' || undefined}
          onClick={() => void sendAgain()}
        >
          {state === 'sending' ? t('edit.sending') : t('edit.sendAgain')}
        </Button>
        {state === 'sent' || state === 'limited' || state === 'failed' ? (
          <p role="status" className="text-sm">
            {t(`edit.resend.${state}`)}
          </p>
        ) : null}
      </div>
    </div>
  );
}

/**
 * Why the server refused a password change: the current password (400 naming it), too many tries
 * (429, counted like logins), a new password it finds too short, or anything else.
 */
function passwordFailureKey(error: unknown): string {
  if (!(error instanceof ApiError)) return 'edit.failed';
  if (error.status === 429) return 'tokens.limited';
  if (error.status === 400) {
    const field = error.issues[0]?.path.replace(/^body\.?/, '');
    return field === 'newPassword' ? 'signup.errors.password_too_short' : 'password.wrongCurrent';
  }
  return 'edit.failed';
}

/** A new password, given the current one; the server ends every other session. */
export function PasswordChangeForm() {
  const { t } = useTranslation('account');
  const [isPending, setPending] = useState(false);
  const [message, setMessage] = useState<{ tone: 'ok' | 'error'; text: string } | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isPending) return;
    const form = event.currentTarget;
    const data = new FormData(form);
    const currentPassword = String(data.get('currentPassword') ?? '');
    const newPassword = String(data.get('newPassword') ?? '');
    const confirmation = String(data.get('confirmNewPassword') ?? '');
    if (!currentPassword || !newPassword)
      return setMessage({ tone: 'error', text: t('signup.errors.password_required') });
    if (!isPasswordLongEnough(newPassword))
      return setMessage({ tone: 'error', text: t('signup.errors.password_too_short') });
    if (newPassword !== confirmation)
      return setMessage({ tone: 'error', text: t('signup.errors.password_mismatch') });
    setPending(true);
    setMessage(null);
    try {
      await apiRequest('/users/me/password', { method: 'PUT', json: { currentPassword, newPassword } });
      form.reset();
      setMessage({ tone: 'ok', text: t('password.changed') });
    } catch (error) {
      setMessage({ tone: 'error', text: t(passwordFailureKey(error)) });
    } finally {
      setPending(false);
    }
  }

  return (
    <form method="post" noValidate onSubmit={(event) => void submit(event)}>
      <fieldset disabled={isPending} className="grid gap-5 md:grid-cols-3">
        <TextField
          label={t('password.current')}
          name="currentPassword"
          type="password"
          autoComplete="current-password"
          required
        />
        <TextField
          label={t('password.new')}
          name="newPassword"
          type="password"
          autoComplete="new-password"
          required
          hint={t('signup.passwordHint')}
        />
        <TextField
          label={t('signup.confirmPassword')}
          name="confirmNewPassword"
          type="password"
          autoComplete="new-password"
          required
        />
      </fieldset>
      {message ? (
        <p
          role={message.tone === 'error' ? 'alert' : 'status'}
          className={`mt-4 text-sm font-medium ${message.tone === 'error' ? 'text-red-700' : 'text-green-800'}`}
        >
          {message.text}
        </p>
      ) : null}
      <Button type="submit" className="mt-5" disabled={isPending} aria-busy={isPending || undefined}>
        {isPending ? t('edit.saving') : t('password.submit')}
      </Button>
    </form>
  );
}

/** Ends every session of the account, after a confirmation; then the visitor logs in again. */
export function SignOutEverywhere() {
  const { t } = useTranslation('account');
  const { pathname } = useLocation();
  const [isConfirming, setConfirming] = useState(false);
  const [isPending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function signOut() {
    setPending(true);
    setFailure(null);
    try {
      await apiRequest('/users/logout-all', { method: 'POST' });
      clearStoredSession();
      window.location.assign(withPrefix(pathname, '/login'));
    } catch {
      setFailure(t('edit.failed'));
      setPending(false);
    }
  }

  if (!isConfirming) {
    return (
      <Button variant="secondary" onClick={() => setConfirming(true)}>
        {t('everywhere.button')}
      </Button>
    );
  }
  return (
    <div role="group" aria-labelledby="everywhere-question" className="space-y-3">
      <p id="everywhere-question" className="text-gray-900">
        {t('everywhere.confirm')}
      </p>
      <div className="flex flex-wrap gap-3">
        <Button
          variant="danger"
          disabled={isPending}
          aria-busy={isPending || undefined}
          onClick={() => void signOut()}
        >
          {t('everywhere.yes')}
        </Button>
        <Button variant="ghost" disabled={isPending} onClick={() => setConfirming(false)}>
          {t('edit.cancel')}
        </Button>
      </div>
      {failure ? (
        <p role="alert" className="text-sm text-red-700">
          {failure}
        </p>
      ) : null}
    </div>
  );
}
