import { data } from 'react-router';
import type { Route } from './+types/selection';
import { SelectionUnavailable, SharedSelection } from '~/features/selections/shared-selection';
import { pageMeta, seoContextOf } from '~/features/seo/seo';

/**
 * `/s/{token}`: the designs a business sent one buyer. Never stored for everyone (each link is
 * its recipient's and may be revoked at any moment), never indexed. Its data is exactly the link's
 * JSON (`GET /api/s/{token}`): no price unless the link grants prices, nothing about the recipient.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  try {
    const entry = await context.services.selections.open(params.token, {
      userId: context.viewer?.id ?? null,
    });
    return { state: 'open' as const, token: params.token, selection: entry.answer.selection };
  } catch (error) {
    // The server's AppError is another copy of the class than the one bundled here: read its code.
    const code = (error as { code?: unknown } | null)?.code;
    if (code === 'GONE' || code === 'NOT_FOUND') {
      return data(
        { state: code === 'GONE' ? ('gone' as const) : ('missing' as const), token: null, selection: null },
        { status: code === 'GONE' ? 410 : 404 },
      );
    }
    throw error;
  }
}

export function headers() {
  return { 'X-Robots-Tag': 'noindex, nofollow', 'Cache-Control': 'private, no-store' };
}

export function meta(args: Route.MetaArgs) {
  const { siteUrl } = seoContextOf(args.matches);
  const loaded = args.data;
  if (!loaded?.selection || !loaded.token) return pageMeta(args, { noindex: true });
  const image = `${siteUrl.replace(/\/+$/, '')}/s/${encodeURIComponent(loaded.token)}/preview.jpg`;
  const description =
    loaded.selection.note.slice(0, 160) ||
    loaded.selection.designs
      .map((d) => d.code)
      .join(', ')
      .slice(0, 160);
  return [
    ...pageMeta(args, { title: loaded.selection.title, description, image, noindex: true }),
    { property: 'og:image:width', content: '1200' },
    { property: 'og:image:height', content: '630' },
    { property: 'og:image:type', content: 'image/jpeg' },
    { name: 'twitter:image', content: image },
    { name: 'twitter:title', content: loaded.selection.title },
  ];
}

export default function SelectionPage({ loaderData }: Route.ComponentProps) {
  if (loaderData.state !== 'open' || !loaderData.selection) {
    return <SelectionUnavailable gone={loaderData.state === 'gone'} />;
  }
  const { selection, token } = loaderData;
  return (
    <SharedSelection
      token={token}
      title={selection.title}
      note={selection.note}
      designs={selection.designs}
    />
  );
}
