import { useEffect, useRef, useState, type FormEvent } from 'react';
import { isPasswordLongEnough } from '@catalogue/shared/domain/signup';
import { Button } from '~/components/ui/button';
import { TextField } from '~/components/ui/field';
import { PrefixedLink } from '~/components/ui/prefixed-link';
import { Spinner } from '~/components/ui/spinner';
import { ApiError, apiRequest } from '~/lib/api-client';
import { useTranslation } from '~/lib/i18n';
import { useHydrated } from '~/lib/use-hydrated';

const LINK_CLASS = 'font-semibold text-brand-700 underline hover:text-brand-900';

/** The i18n key of a failed call: a refused link, a rate limit, no connection, anything else. */
function failureKey(error: unknown, prefix: string): string {
  if (error instanceof ApiError) {
    if (error.status === 0) return 'tokens.network';
    if (error.status === 429) return 'tokens.limited';
    if (error.status === 400) return `${prefix}.invalid`;
  }
  return 'tokens.failed';
}

function Failure({ id, text }: { id: string; text: string | null }) {
  return text ? (
    <p id={id} role="alert" className="text-sm font-medium text-red-700">
      {text}
    </p>
  ) : null;
}

/** What an account form that sends once shows when it has: its message and the way to log in. */
function Done({ text }: { text: string }) {
  const { t } = useTranslation('account');
  return (
    <div role="status" className="space-y-4 text-center">
      <p className="text-gray-900">{text}</p>
      <PrefixedLink to="/login" className={LINK_CLASS}>
        {t('tokens.toLogin')}
      </PrefixedLink>
    </div>
  );
}

/**
 * A form that sends once: the browser's own check first (a message, or null to go on), then the
 * call; while it runs the fields are disabled, afterwards it is done or shows why not.
 */
function useSendOnce(
  prefix: 'forgot' | 'reset',
  check: (data: FormData) => string | null,
  send: (data: FormData) => Promise<unknown>,
) {
  const { t } = useTranslation('account');
  const isHydrated = useHydrated();
  const [isPending, setPending] = useState(false);
  const [isDone, setDone] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isPending) return;
    const data = new FormData(event.currentTarget);
    const problem = check(data);
    if (problem) return setError(problem);
    setPending(true);
    setError(null);
    try {
      await send(data);
      setDone(true);
    } catch (failure) {
      setError(t(failureKey(failure, prefix)));
    } finally {
      setPending(false);
    }
  }

  return {
    isDisabled: !isHydrated || isPending,
    isPending,
    isDone,
    error,
    clearError: () => setError(null),
    submit,
  };
}

/**
 * "Forgot password?": the address is sent and the same answer shown whether or not it has an
 * account, as the server answers.
 */
export function ForgotPasswordForm() {
  const { t } = useTranslation('account');
  const emailOf = (data: FormData) => String(data.get('email') ?? '').trim();
  const form = useSendOnce(
    'forgot',
    (data) => (emailOf(data) ? null : t('forgot.emailRequired')),
    (data) => apiRequest('/users/forgot-password', { json: { email: emailOf(data) } }),
  );

  if (form.isDone) return <Done text={t('forgot.sent')} />;
  return (
    <form method="post" noValidate onSubmit={(event) => void form.submit(event)}>
      <fieldset disabled={form.isDisabled} className="space-y-5">
        <TextField
          label={t('login.email')}
          name="email"
          type="email"
          autoComplete="username"
          required
          onChange={form.clearError}
        />
        <Failure id="forgot-error" text={form.error} />
        <Button type="submit" className="w-full" aria-busy={form.isPending || undefined}>
          {form.isPending ? t('forgot.submitting') : t('forgot.submit')}
        </Button>
      </fieldset>
      <p className="mt-6 text-center text-sm">
        <PrefixedLink to="/login" className={LINK_CLASS}>
          {t('tokens.toLogin')}
        </PrefixedLink>
      </p>
    </form>
  );
}

/** A new password from the link of a reset mail; the link's token travels in the body, never logged. */
export function ResetPasswordForm({ token }: { token: string }) {
  const { t } = useTranslation('account');
  const passwordOf = (data: FormData) => String(data.get('password') ?? '');
  const form = useSendOnce(
    'reset',
    (data) => {
      if (!passwordOf(data)) return t('signup.errors.password_required');
      if (!isPasswordLongEnough(passwordOf(data))) return t('signup.errors.password_too_short');
      if (passwordOf(data) !== String(data.get('confirmPassword') ?? ''))
        return t('signup.errors.password_mismatch');
      return null;
    },
    (data) => apiRequest('/users/reset-password', { json: { token, password: passwordOf(data) } }),
  );

  if (!token) {
    return (
      <p role="alert" className="text-center text-red-700">
        {t('reset.invalid')}{' '}
        <PrefixedLink to="/forgot-password" className={LINK_CLASS}>
          {t('reset.askAgain')}
        </PrefixedLink>
      </p>
    );
  }
  if (form.isDone) return <Done text={t('reset.done')} />;
  return (
    <form method="post" noValidate onSubmit={(event) => void form.submit(event)}>
      <fieldset disabled={form.isDisabled} className="space-y-5">
        <TextField
          label={t('reset.password')}
          name="password"
          type="password"
          autoComplete="new-password"
          required
          hint={t('signup.passwordHint')}
          onChange={form.clearError}
        />
        <TextField
          label={t('signup.confirmPassword')}
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          required
          onChange={form.clearError}
        />
        <Failure id="reset-error" text={form.error} />
        {form.error === t('reset.invalid') ? (
          <p className="text-sm">
            <PrefixedLink to="/forgot-password" className={LINK_CLASS}>
              {t('reset.askAgain')}
            </PrefixedLink>
          </p>
        ) : null}
        <Button type="submit" className="w-full" aria-busy={form.isPending || undefined}>
          {form.isPending ? t('reset.submitting') : t('reset.submit')}
        </Button>
      </fieldset>
    </form>
  );
}

type VerifyState = 'working' | 'done' | 'invalid' | 'failed';

/**
 * The page a verification link opens: it posts the token once, after hydration (a link preview
 * or a crawler fetching the page spends nothing), and says how it went.
 */
export function VerifyEmailStatus({ token }: { token: string }) {
  const { t } = useTranslation('account');
  const isHydrated = useHydrated();
  const [state, setState] = useState<VerifyState>(token ? 'working' : 'invalid');
  const [attempt, setAttempt] = useState(0);
  const posted = useRef(-1);

  useEffect(() => {
    if (!isHydrated || !token || posted.current === attempt) return;
    posted.current = attempt;
    setState('working');
    apiRequest('/users/verify-email', { json: { token } }).then(
      () => setState('done'),
      (error: unknown) => setState(error instanceof ApiError && error.status === 400 ? 'invalid' : 'failed'),
    );
  }, [isHydrated, token, attempt]);

  if (state === 'working') {
    return (
      <div className="flex justify-center py-6">
        <Spinner size="lg" label={t('verify.working')} />
      </div>
    );
  }
  return (
    <div role={state === 'done' ? 'status' : 'alert'} className="space-y-4 text-center">
      <p className={state === 'done' ? 'text-gray-900' : 'text-red-700'}>{t(`verify.${state}`)}</p>
      {state === 'failed' ? (
        <Button onClick={() => setAttempt((n) => n + 1)}>{t('verify.retry')}</Button>
      ) : null}
      <p>
        <PrefixedLink to={state === 'done' ? '/cart' : '/profile'} className={LINK_CLASS}>
          {t(state === 'done' ? 'verify.toList' : 'verify.toProfile')}
        </PrefixedLink>
      </p>
    </div>
  );
}
