import { PagePlaceholder } from '~/components/page-placeholder';

export default function PrivacyPage() {
  return <PagePlaceholder title="Privacy Policy" />;
}

export function meta() {
  return [{ title: 'Privacy Policy' },];
}
