import { PagePlaceholder } from '~/components/page-placeholder';

export default function ProfilePage() {
  return <PagePlaceholder title="Profile" />;
}

export function meta() {
  return [{ title: 'Profile' }];
}
