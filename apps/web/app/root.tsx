import { Links, Meta, Outlet, Scripts, ScrollRestoration, isRouteErrorResponse, useRouteLoaderData } from 'react-router';
import type { Route } from './+types/root';
import { useNonce } from '~/lib/nonce';
import { languageOfPath } from '~/lib/prefix';
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
  return {
    language: languageOfPath(url.pathname),
    viewer: context.viewer ? { name: context.viewer.name, role: context.viewer.role } : null,
    siteVerification: context.publicEnv.siteVerification,
  };
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const data = useRouteLoaderData<typeof loader>('root');
  return (
    <html lang={data?.language ?? 'en'}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {data?.siteVerification ? <meta name="google-site-verification" content={data.siteVerification} /> : null}
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-screen flex-col">
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
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
