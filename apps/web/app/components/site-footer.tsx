import { PrefixedLink } from '~/components/ui/prefixed-link';

/** The page footer frame. */
export function SiteFooter() {
  return (
    <footer className="mt-16 bg-brand-900 text-brand-50">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:grid-cols-3">
        <div>
          <p className="font-serif text-lg">Jaipur Jewellery House</p>
          <p className="mt-2 text-sm opacity-80">
            Brass, imitation and 925 sterling silver jewellery, made in Jaipur since 2005.
          </p>
        </div>
        <nav aria-label="Footer">
          <ul className="space-y-1 text-sm">
            <li>
              <PrefixedLink to="/privacy">Privacy</PrefixedLink>
            </li>
            <li>
              <PrefixedLink to="/faq">FAQ</PrefixedLink>
            </li>
            <li>
              <PrefixedLink to="/blogs">Blogs</PrefixedLink>
            </li>
          </ul>
        </nav>
      </div>
    </footer>
  );
}
