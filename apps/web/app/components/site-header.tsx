import { PrefixedLink } from '~/components/ui/prefixed-link';

const NAV = [
  { to: '/', label: 'Home' },
  { to: '/aboutus', label: 'About us' },
  { to: '/shopall', label: 'Jewellery Design' },
  { to: '/fairtrade', label: 'Fair Trade Practicing' },
  { to: '/contactus', label: 'Contact us' },
];

/** The page header frame: logo and main navigation. */
export function SiteHeader() {
  return (
    <header className="border-b border-brand-100 bg-white">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:bg-white focus:p-2"
      >
        Skip to content
      </a>
      <div className="mx-auto flex max-w-7xl items-center justify-between gap-4 px-4 py-3">
        <PrefixedLink to="/" className="font-serif text-xl font-semibold text-brand-700">
          Jaipur Jewellery House
        </PrefixedLink>
        <nav aria-label="Main">
          <ul className="flex flex-wrap gap-4 text-sm">
            {NAV.map((item) => (
              <li key={item.to}>
                <PrefixedLink to={item.to} className="hover:text-brand-600">
                  {item.label}
                </PrefixedLink>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </header>
  );
}
