import { PagePlaceholder } from '~/components/page-placeholder';

export default function SignupPage() {
  return <PagePlaceholder title="Sign up" />;
}

export function meta() {
  return [{ title: 'Sign up' }];
}
