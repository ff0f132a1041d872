import { PagePlaceholder } from '~/components/page-placeholder';

export default function AboutusPage() {
  return <PagePlaceholder title="About us" />;
}

export function meta() {
  return [{ title: 'About us' },];
}
