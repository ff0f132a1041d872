import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  isRouteErrorResponse,
  useRouteLoaderData,
  type ShouldRevalidateFunctionArgs,
} from 'react-router';
import { I18nextProvider } from 'react-i18next';
import type { Route } from './+types/root';
import { useNonce } from '~/lib/nonce';
import { languageOfPath } from '~/lib/prefix';
import { i18nFor } from '~/lib/i18n';
import { resourcesFor } from '~/lib/i18n-resources.server';
import { SiteHeader } from '~/components/site-header';
import { SiteFooter } from '~/components/site-footer';
import { ErrorPage } from '~/components/error-page';
import '~/lib/load-context';
import stylesheet from './app.css?url';

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: stylesheet },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const language = languageOfPath(url.pathname);
  return {
    language,
    // Only this language's texts travel to the browser.
    texts: resourcesFor(language),
    viewer: context.viewer ? { name: context.viewer.name, role: context.viewer.role } : null,
    siteVerification: context.publicEnv.siteVerification,
  };
}

/**
 * The root data (texts, viewer) changes only with the language, after a form submission or on an
 * explicit revalidation; ordinary navigation within one language does not refetch it.
 */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (languageOfPath(currentUrl.pathname) !== languageOfPath(nextUrl.pathname)) return true;
  if (formMethod || currentUrl.href === nextUrl.href) return defaultShouldRevalidate;
  return false;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const data = useRouteLoaderData<typeof loader>('root');
  const language = data?.language ?? 'en';
  const i18n = i18nFor(language, data?.texts);
  return (
    <I18nextProvider i18n={i18n}>
      <html lang={language}>
        <head>
          <meta charSet="utf-8" />
          <meta name="viewport" content="width=device-width, initial-scale=1" />
          {data?.siteVerification ? (
            <meta name="google-site-verification" content={data.siteVerification} />
          ) : null}
          <Meta />
          <Links />
        </head>
        <body className="flex min-h-screen flex-col">
          {children}
          <ScrollRestoration nonce={nonce} />
          <Scripts nonce={nonce} />
        </body>
      </html>
    </I18nextProvider>
  );
}

export default function App() {
  return (
    <>
      <SiteHeader />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <SiteFooter />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <>
      <SiteHeader />
      <main id="main" className="flex-1">
        <ErrorPage status={status} />
      </main>
      <SiteFooter />
    </>
  );
}
