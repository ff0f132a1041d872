import { PagePlaceholder } from '~/components/page-placeholder';

export default function OrderListPage() {
  return <PagePlaceholder title="Recent Orders" />;
}

export function meta() {
  return [{ title: 'Recent Orders' }, { name: 'robots', content: 'noindex' }];
}
