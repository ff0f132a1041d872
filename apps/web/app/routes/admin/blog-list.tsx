import { PagePlaceholder } from '~/components/page-placeholder';

export default function BlogListPage() {
  return <PagePlaceholder title="Blog List" />;
}

export function meta() {
  return [{ title: 'Blog List' }, { name: 'robots', content: 'noindex' }];
}
