import { PrefixedLink } from '~/components/ui/prefixed-link';

const TEXT: Record<number, { title: string; body: string }> = {
  404: { title: 'Page not found', body: 'The page you asked for does not exist or has moved.' },
  500: { title: 'Something went wrong', body: 'Please try again in a moment.' },
};

/** The one error screen every route falls back to. */
export function ErrorPage({ status }: { status: number }) {
  const text = TEXT[status] ?? TEXT[500]!;
  return (
    <section className="mx-auto max-w-xl px-4 py-24 text-center">
      <p className="text-sm font-semibold text-brand-600">{status}</p>
      <h1 className="mt-2 font-serif text-3xl">{text.title}</h1>
      <p className="mt-4 text-gray-600">{text.body}</p>
      <PrefixedLink to="/" className="mt-8 inline-block rounded bg-brand-600 px-5 py-2 text-white hover:bg-brand-700">
        Back to home
      </PrefixedLink>
    </section>
  );
}
