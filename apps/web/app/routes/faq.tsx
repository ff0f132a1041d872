import { PagePlaceholder } from '~/components/page-placeholder';

export default function FaqPage() {
  return <PagePlaceholder title="Frequently Asked Questions" />;
}

export function meta() {
  return [{ title: 'FAQ' },];
}
