import { PagePlaceholder } from '~/components/page-placeholder';

export default function LoginPage() {
  return <PagePlaceholder title="Login" />;
}

export function meta() {
  return [{ title: 'Login' }];
}
