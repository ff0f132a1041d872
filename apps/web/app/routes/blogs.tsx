import { PagePlaceholder } from '~/components/page-placeholder';

export default function BlogsPage() {
  return <PagePlaceholder title="Latest Blogs" />;
}

export function meta() {
  return [{ title: 'Latest Blogs' },];
}
