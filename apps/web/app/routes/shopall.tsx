import { PagePlaceholder } from '~/components/page-placeholder';

export default function ShopallPage() {
  return <PagePlaceholder title="The Latest Gems" />;
}

export function meta() {
  return [{ title: 'The Latest Gems – All Jewellery Designs' },];
}
