import { useRouteReload } from '~/lib/route-data';
import { Button } from './button';

/**
 * Retry under a storefront page's own failure text: asks the page's loaders again (the root's
 * texts too), and waits while they run. The label is the caller's, so it carries no namespace.
 */
export function RetryButton({ label, className = '' }: { label: string; className?: string }) {
  const { reload, isReloading } = useRouteReload();
  return (
    <Button variant="secondary" className={className} onClick={reload} disabled={isReloading}>
      {label}
    </Button>
  );
}
