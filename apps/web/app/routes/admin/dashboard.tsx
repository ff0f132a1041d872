import { PagePlaceholder } from '~/components/page-placeholder';

export default function DashboardPage() {
  return <PagePlaceholder title="Dashboard" />;
}

export function meta() {
  return [{ title: 'Dashboard' }, { name: 'robots', content: 'noindex' }];
}
