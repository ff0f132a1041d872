import { useEffect } from 'react';
import { useTranslation } from '~/lib/i18n';
import { Outlet, redirect, useLocation, useNavigate, useRouteLoaderData } from 'react-router';
import { Spinner } from '~/components/ui/spinner';
import { AdminNav } from '~/features/admin/admin-nav';
import { adminMeta } from '~/features/seo/admin-meta';
import { loginPath } from '~/lib/paths';
import { ADMIN_SCREEN_HANDLE } from '~/features/shell/admin-screen';
import { useSession } from '~/lib/use-session';
import type { loader as rootLoader } from '~/root';
import type { Route } from './+types/layout';

/**
 * The frame of every admin screen. The server decides first: without an admin session cookie the
 * page is never rendered, only a redirect to the login page that comes back here afterwards.
 * The `/api` calls the screens make are refused (401/403) on their own, whatever the page shows.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  if (context.viewer?.role === 'admin') return null;
  const url = new URL(request.url);
  throw redirect(loginPath(url.pathname, `${url.pathname}${url.search}`), 302);
}

/** Tells the shell to leave out the shop's footer and floating chat button. */
export const handle = ADMIN_SCREEN_HANDLE;

/** Admin pages are nobody's search result, and no shared cache may keep them. */
export function headers() {
  return { 'X-Robots-Tag': 'noindex, nofollow', 'Cache-Control': 'private, no-store' };
}

/**
 * The browser's own check is the stored token and the stored role `admin`; when either is
 * missing (logged out in another tab, storage cleared) the visitor goes to the login page.
 */
export default function AdminLayout() {
  const { t } = useTranslation('admin');
  const root = useRouteLoaderData<typeof rootLoader>('root');
  const { isLoggedIn, isAdmin } = useSession(root?.viewer ?? null);
  const canSee = isLoggedIn && isAdmin;
  const location = useLocation();
  const navigate = useNavigate();
  const here = `${location.pathname}${location.search}`;

  useEffect(() => {
    if (!canSee) void navigate(loginPath(location.pathname, here), { replace: true });
  }, [canSee, here, location.pathname, navigate]);

  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      {/* Hoisted into <head> by React; covers admin pages whose own `meta` forgets noindex. */}
      <meta name="robots" content="noindex, nofollow" />
      <div className="grid gap-6 md:grid-cols-[13rem_minmax(0,1fr)]">
        <AdminNav />
        <div className="min-w-0">
          {canSee ? <Outlet /> : <Spinner size="lg" label={t('guard.checking')} className="w-full py-16" />}
        </div>
      </div>
    </div>
  );
}

export function meta(args: Route.MetaArgs) {
  return adminMeta(args, 'title');
}
