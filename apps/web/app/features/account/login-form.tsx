import { useState, type FormEvent } from 'react';
import { useTranslation } from '~/lib/i18n';
import { useNavigate } from 'react-router';
import { Button } from '~/components/ui/button';
import { TextField } from '~/components/ui/field';
import { PrefixedLink } from '~/components/ui/prefixed-link';
import { syncAfterLogin } from '~/lib/enquiry/enquiry-sync';
import { ApiError, apiRequest, storeSession } from '~/lib/api-client';
import { useHydrated } from '~/lib/use-hydrated';
import type { LoginBody, LoginResponse } from '@catalogue/shared/schemas/user';

type LoginFormProps = {
  /** Where to go after a successful login: the refused page, or home (with the visitor's prefix). */
  destination: string;
};

/** The i18n key of what a failed login tells the visitor. */
function failureKey(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 0) return 'login.network';
    // A wrong e-mail or password and a malformed request read the same.
    if (error.status === 400 || error.status === 401) return 'login.invalid';
  }
  return 'login.failed';
}

/**
 * Login: e-mail and password; on success the session is stored, the anonymous enquiry
 * list is merged into the account's and the account's list loaded, then the visitor goes on.
 */
export function LoginForm({ destination }: LoginFormProps) {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  const isHydrated = useHydrated();
  const [isPending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isPending) return;
    const data = new FormData(event.currentTarget);
    const body: LoginBody = {
      email: String(data.get('email') ?? ''),
      password: String(data.get('password') ?? ''),
    };
    setPending(true);
    setError(null);
    try {
      const answer = await apiRequest<LoginResponse>('/users/login', { json: body });
      storeSession({ token: answer.token, userId: answer.user._id, role: answer.user.role });
      await syncAfterLogin();
      navigate(destination, { replace: true });
    } catch (failure) {
      // A 429 names its own wait; everything else gets the site's wording.
      setError(
        failure instanceof ApiError && failure.status === 429 ? failure.message : t(failureKey(failure)),
      );
      setPending(false);
    }
  }

  return (
    <form
      method="post"
      onSubmit={(event) => void submit(event)}
      aria-describedby={error ? 'login-error' : undefined}
    >
      <fieldset disabled={!isHydrated || isPending} className="space-y-5">
        <TextField
          label={t('login.email')}
          name="email"
          type="email"
          autoComplete="username"
          required
          onChange={() => setError(null)}
        />
        <TextField
          label={t('login.password')}
          name="password"
          type="password"
          autoComplete="current-password"
          required
          onChange={() => setError(null)}
        />
        <p className="-mt-2 text-right text-sm">
          <PrefixedLink
            to="/forgot-password"
            className="font-semibold text-brand-700 underline hover:text-brand-900"
          >
            {t('login.forgot')}
          </PrefixedLink>
        </p>
        {error ? (
          <p id="login-error" role="alert" className="text-sm font-medium text-red-700">
            {error}
          </p>
        ) : null}
        <Button type="submit" className="w-full" aria-busy={isPending || undefined}>
          {isPending ? t('login.submitting') : t('login.submit')}
        </Button>
      </fieldset>
      <p className="mt-6 text-center text-sm text-gray-800">
        {t('login.noAccount')}{' '}
        <PrefixedLink to="/signup" className="font-semibold text-brand-700 underline hover:text-brand-900">
          {t('login.signupLink')}
        </PrefixedLink>
      </p>
    </form>
  );
}
