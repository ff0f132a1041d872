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
import { useEffect } from 'react';
import { newSince } from '@catalogue/shared/domain/new-badge';
import type { Route } from './+types/root';
import { ErrorPage } from '~/components/error-page';
import { HydrateLater } from '~/components/hydrate-later';
import { useEnquiryList } from '~/lib/enquiry/use-enquiry-list';
import { useEnquiryLoading } from '~/lib/enquiry/use-enquiry-loading';
import { SeoHead } from '~/features/seo/seo-head';
import { pageMeta, seoContextOf, seoKeyOf, seoTextsFor, type PageSeo } from '~/features/seo/seo';
import { NewSinceContext } from '~/features/catalogue/new-since';
import { useIsAdminScreen } from '~/features/shell/admin-screen';
import { FloatingWidgets } from '~/features/shell/floating-widgets';
import { useLocaleRedirect } from '~/features/shell/locale-redirect';
import { PageTransition } from '~/features/shell/page-transition';
import { SiteFooter } from '~/features/shell/site-footer';
import { SiteHeader } from '~/features/shell/site-header';
import { I18nProvider, i18nFor, withReceivedTexts } from '~/lib/i18n';
import { resourcesFor } from '~/lib/i18n-resources.server';
import { replayEarlyInput } from '~/lib/early-input';
import { EARLY_INPUT_SCRIPT } from '~/lib/early-input-script';
import '~/lib/load-context';
import { useNonce } from '~/lib/nonce';
import { loadWithRetries } from '~/lib/load-with-retries';
import { languageOfPath } from '~/lib/prefix';
import { loadTextFiles } from '~/lib/text-files';
import { pageTextsOf, parseTextsJson, SHELL_TEXTS, scopedTextsJson, textsKey } from '~/lib/text-scope';
import appCss from './app.css?inline';

/**
 * The whole stylesheet (~9 KB gzip) is inlined in the server-rendered `<head>` instead of linked:
 * a linked sheet blocks the first paint for one more round trip (~300 ms on a slow mobile link)
 * and queued behind the module preloads. The cost is those bytes in every HTML response instead
 * of once per cache lifetime. As a React `<style href precedence>` resource the browser bundle
 * carries none of it (`import.meta.env.SSR` is false there, so the import is dropped): hydration
 * adopts the server's `<style data-href>` element by its `href` instead of comparing contents.
 */
const APP_CSS = import.meta.env.SSR ? appCss : '';

/**
 * The head's script that holds taps and keys until React runs the page (lib/early-input-script.ts).
 * Only the server's HTML carries its text: the browser has run it long before hydration, which
 * adopts the element as it is, so the browser bundle carries none of it.
 */
const EARLY_INPUT = import.meta.env.SSR ? EARLY_INPUT_SCRIPT : '';

export const links: Route.LinksFunction = () => [
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
  { rel: 'apple-touch-icon', href: '/images/apple-touch-icon.png' },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const language = languageOfPath(url.pathname);
  const { seo, ...texts } = resourcesFor(language);
  return {
    language,
    // Only this language's texts travel to the browser, and of them only the shell's and the
    // page's namespaces (lib/page-table.ts) and the page's own SEO entry. The texts go as one JSON
    // string (`scopedTextsJson` says why); `parseTextsJson` reads them.
    texts: scopedTextsJson(language, texts, url.pathname),
    seo: seoTextsFor(seo, url.pathname),
    viewer: context.viewer ? { name: context.viewer.name, role: context.viewer.role } : null,
    siteUrl: context.publicEnv.siteUrl,
    siteVerification: context.publicEnv.siteVerification,
    // Cards mark products added since this moment as New; one moment for the server render and the browser.
    newSince: newSince(new Date(), context.publicEnv.newBadgeDays),
  };
}

type RootData = Awaited<ReturnType<typeof loader>>;

/** The root data the page shows now: what a navigation keeps when the root's own fetch fails. */
let shownRootData: RootData | null = null;

/**
 * The root data shown so far, with the texts the page at `pathname` needs (in its language) read
 * from the site's own text files instead of the server's answer, which did not come. Its viewer and
 * the rest stay as they were. When the files do not load either, the shown data stays as it is.
 */
async function withTextsOf(pathname: string, known: RootData): Promise<RootData> {
  const language = languageOfPath(pathname);
  const had = known.language === language ? parseTextsJson(known.texts) : {};
  const page = pageTextsOf(pathname);
  const wanted = page === 'all' ? 'all' : [...SHELL_TEXTS, ...page].filter((ns) => !(ns in had));
  try {
    const [texts, { seo }] = await Promise.all([
      loadTextFiles(language, wanted),
      loadTextFiles(language, ['seo']),
    ]);
    return {
      ...known,
      language,
      texts: JSON.stringify({ ...had, ...texts }),
      seo: seoTextsFor(seo, pathname),
    };
  } catch (error) {
    console.error('texts could not be loaded', error);
    return known;
  }
}

/**
 * On client-side navigation the root's data (texts for the next page) is fetched with the same
 * 3 attempts, 1 s apart, as the page's own. When all fail the page's words still never depend on
 * that data: the next page's texts come from their own files (`withTextsOf`), so it shows its own
 * failure text and Retry inside the frame, in its words, instead of the generic error screen or
 * its raw text keys.
 */
export async function clientLoader({ request, serverLoader }: Route.ClientLoaderArgs) {
  const known = shownRootData;
  return loadWithRetries(serverLoader, {
    onFailure: (error) => {
      if (!known) throw error;
      return withTextsOf(new URL(request.url).pathname, known);
    },
  });
}

/** What decides the root's texts for a path: its namespaces and its SEO table entry. */
const rootTextsKey = (pathname: string) => `${textsKey(pathname)}|${seoKeyOf(pathname)?.join('/') ?? ''}`;

/**
 * The root data (texts, viewer) changes only with the language, when the next page needs other
 * texts (namespaces or SEO entry), after a form submission or on an explicit revalidation; the
 * route's own loader runs in the same request, so the new page never renders without its texts.
 */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (languageOfPath(currentUrl.pathname) !== languageOfPath(nextUrl.pathname)) return true;
  if (rootTextsKey(currentUrl.pathname) !== rootTextsKey(nextUrl.pathname)) return true;
  if (formMethod || currentUrl.href === nextUrl.href) return defaultShouldRevalidate;
  return false;
}

function organizationDescription(seo: Record<string, unknown> | undefined) {
  const value = seo?.organizationDescription;
  return typeof value === 'string' ? value : '';
}

/**
 * `<html data-hydrated>` once React runs the page: the scripts download after the page's `load`
 * event (lib/scripts-after-load.ts). Taps and keys on controls that only work through script (a
 * menu button, Add To Enquiry List) made before this were held by the head's script and are
 * replayed now, each once (lib/early-input.ts); this effect is the layout's, so it runs after
 * every component of the page has set up its own. The end-to-end tests wait for the mark.
 */
function useHydratedMark() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = '';
    void replayEarlyInput();
  }, []);
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  useHydratedMark();
  const data = useRouteLoaderData<typeof loader>('root');
  const language = data?.language ?? 'en';
  const i18n = i18nFor(language, withReceivedTexts(language, parseTextsJson(data?.texts)));
  return (
    <I18nProvider i18n={i18n}>
      <html lang={language}>
        <head>
          <meta charSet="utf-8" />
          <meta name="viewport" content="width=device-width, initial-scale=1" />
          <script nonce={nonce} dangerouslySetInnerHTML={{ __html: EARLY_INPUT }} />
          <meta name="theme-color" content="#3d2c03" />
          <Meta />
          {data ? (
            <SeoHead
              siteUrl={data.siteUrl}
              siteVerification={data.siteVerification}
              organizationDescription={organizationDescription(data.seo)}
            />
          ) : null}
          <style href="app-css" precedence="default">
            {APP_CSS}
          </style>
          <Links />
        </head>
        <body className="flex min-h-screen flex-col">
          {children}
          <ScrollRestoration nonce={nonce} />
          <Scripts nonce={nonce} />
        </body>
      </html>
    </I18nProvider>
  );
}

function Shell({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>('root');
  const { count } = useEnquiryList();
  const isAdminScreen = useIsAdminScreen();
  useEnquiryLoading();
  useLocaleRedirect();
  const viewer = data?.viewer ?? null;
  useEffect(() => {
    if (data) shownRootData = data;
  }, [data]);
  return (
    <NewSinceContext value={data?.newSince ?? null}>
      <SiteHeader listCount={count} viewer={viewer} />
      <PageTransition />
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        {children}
      </main>
      {/* Admin screens are work screens: no shop footer, no chat button over their tables. */}
      {isAdminScreen ? null : (
        <HydrateLater>
          <SiteFooter viewer={viewer} />
          <FloatingWidgets />
        </HydrateLater>
      )}
    </NewSinceContext>
  );
}

export default function App() {
  return (
    <Shell>
      <Outlet />
    </Shell>
  );
}

/**
 * Pages without their own `meta` still get a title, a description and social tags; an error page
 * gets its own title and is kept out of search results.
 */
export const meta: Route.MetaFunction = (args) => {
  if (!args.error) return pageMeta(args);
  const status = isRouteErrorResponse(args.error) ? args.error.status : 500;
  const { texts } = seoContextOf(args.matches);
  const notFound = (texts.seo as { pages?: { notFound?: PageSeo } } | undefined)?.pages?.notFound;
  const failed = (texts.common as { error?: { '500'?: { title?: string; body?: string } } } | undefined)
    ?.error?.['500'];
  return status === 404
    ? pageMeta(args, { title: notFound?.title, description: notFound?.description, noindex: true })
    : pageMeta(args, { title: failed?.title, description: failed?.body, noindex: true });
};

/**
 * The one error boundary of every route: a route module exports none of its own unless a comment
 * there says why (the product page's). Admin screens show a failed `/api` answer inside their frame
 * with Retry (their loaders hand failures over as values), so only what nobody expected reaches this.
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <Shell>
      <ErrorPage status={status} />
    </Shell>
  );
}
