/**
 * Foundation frame for a page whose feature issue has not landed yet: the route, its title and its
 * place in the layout exist; the content arrives with that issue.
 */
export function PagePlaceholder({ title, children }: { title: string; children?: React.ReactNode }) {
  return (
    <section className="mx-auto max-w-7xl px-4 py-12">
      <h1 className="font-serif text-3xl text-brand-900">{title}</h1>
      {children}
    </section>
  );
}
