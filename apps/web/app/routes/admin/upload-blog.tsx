import { PagePlaceholder } from '~/components/page-placeholder';

export default function UploadBlogPage() {
  return <PagePlaceholder title="Upload Blog" />;
}

export function meta() {
  return [{ title: 'Upload Blog' }, { name: 'robots', content: 'noindex' }];
}
