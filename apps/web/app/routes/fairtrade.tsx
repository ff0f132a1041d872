import { PagePlaceholder } from '~/components/page-placeholder';

export default function FairtradePage() {
  return <PagePlaceholder title="Fair Trade Practicing" />;
}

export function meta() {
  return [{ title: 'Fair Trade Practicing' },];
}
