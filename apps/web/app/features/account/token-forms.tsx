import { useEffect, useRef, useState, type FormEvent } from 'react';
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

/**
 * "Forgot password?": the address is sent and the same answer shown whether or not it has an
 * account, as the server answers.
 */
export function ForgotPasswordForm() {
  const { t } = useTranslation('account');
  const isHydrated = useHydrated();
  const [isPending, setPending] = useState(false);
  const [isSent, setSent] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isPending) return;
    const email = String(new FormData(event.currentTarget).get('email') ?? '').trim();
    if (!email) return setError(t('forgot.emailRequired'));
    setPending(true);
    setError(null);
    try {
      await apiRequest('/users/forgot-password', { json: { email } });
      setSent(true);
    } catch (failure) {
      setError(t(failureKey(failure, 'forgot')));
    } finally {
      setPending(false);
    }
  }

  if (isSent) {
    return (
      <div role="status" className="space-y-4 text-center">
        <p className="text-gray-900">{t('forgot.sent')}</p>
        <PrefixedLink to="/login" className={LINK_CLASS}>
          {t('tokens.toLogin')}
        </PrefixedLink>
      </div>
    );
  }
  return (
    <form method="post" noValidate onSubmit={(event) => void submit(event)}>
      <fieldset disabled={!isHydrated || isPending} className="space-y-5">
        <TextField
          label={t('login.email')}
          name="email"
          type="email"
          autoComplete="username"
          required
          onChange={() => setError(null)}
        />
        <Failure id="forgot-error" text={error} />
        <Button type="submit" className="w-full" aria-busy={isPending || undefined}>
          {isPending ? t('forgot.submitting') : t('forgot.submit')}
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
  const isHydrated = useHydrated();
  const [isPending, setPending] = useState(false);
  const [isDone, setDone] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isPending) return;
    const data = new FormData(event.currentTarget);
    const password = String(data.get('password') ?? '');
    const confirmation = String(data.get('confirmPassword') ?? '');
    if (!password) return setError(t('signup.errors.password_required'));
    if (password !== confirmation) return setError(t('signup.errors.password_mismatch'));
    setPending(true);
    setError(null);
    try {
      await apiRequest('/users/reset-password', { json: { token, password } });
      setDone(true);
    } catch (failure) {
      setError(t(failureKey(failure, 'reset')));
    } finally {
      setPending(false);
    }
  }

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
  if (isDone) {
    return (
      <div role="status" className="space-y-4 text-center">
        <p className="text-gray-900">{t('reset.done')}</p>
        <PrefixedLink to="/login" className={LINK_CLASS}>
          {t('tokens.toLogin')}
        </PrefixedLink>
      </div>
    );
  }
  return (
    <form method="post" noValidate onSubmit={(event) => void submit(event)}>
      <fieldset disabled={!isHydrated || isPending} className="space-y-5">
        <TextField
          label={t('reset.password')}
          name="password"
          type="password"
          autoComplete="new-password"
          required
          onChange={() => setError(null)}
        />
        <TextField
          label={t('signup.confirmPassword')}
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          required
          onChange={() => setError(null)}
        />
        <Failure id="reset-error" text={error} />
        {error === t('reset.invalid') ? (
          <p className="text-sm">
            <PrefixedLink to="/forgot-password" className={LINK_CLASS}>
              {t('reset.askAgain')}
            </PrefixedLink>
          </p>
        ) : null}
        <Button type="submit" className="w-full" aria-busy={isPending || undefined}>
          {isPending ? t('reset.submitting') : t('reset.submit')}
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
