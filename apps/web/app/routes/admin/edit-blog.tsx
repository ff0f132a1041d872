import { PagePlaceholder } from '~/components/page-placeholder';

export default function EditBlogPage() {
  return <PagePlaceholder title="Edit Blog" />;
}

export function meta() {
  return [{ title: 'Edit Blog' }, { name: 'robots', content: 'noindex' }];
}
