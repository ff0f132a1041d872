import { PagePlaceholder } from '~/components/page-placeholder';

export default function CartPage() {
  return <PagePlaceholder title="Enquiry list" />;
}

export function meta() {
  return [{ title: 'Enquiry list' }];
}
