import { PagePlaceholder } from '~/components/page-placeholder';

export default function AllDesignsPage() {
  return <PagePlaceholder title="All Designs" />;
}

export function meta() {
  return [{ title: 'All Designs' },];
}
