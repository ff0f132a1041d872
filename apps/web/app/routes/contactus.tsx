import { PagePlaceholder } from '~/components/page-placeholder';

export default function ContactusPage() {
  return <PagePlaceholder title="Contact us" />;
}

export function meta() {
  return [{ title: 'Contact us' }];
}
