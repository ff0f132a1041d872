import { PagePlaceholder } from '~/components/page-placeholder';

export default function HomePage() {
  return <PagePlaceholder title="Home" />;
}

export function meta() {
  return [{ title: 'Jaipur Jewellery House – Wholesale Jewellery Manufacturer in Jaipur' },];
}
