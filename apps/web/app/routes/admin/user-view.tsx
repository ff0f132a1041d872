import { PagePlaceholder } from '~/components/page-placeholder';

export default function UserViewPage() {
  return <PagePlaceholder title="User List" />;
}

export function meta() {
  return [{ title: 'User List' }, { name: 'robots', content: 'noindex' }];
}
