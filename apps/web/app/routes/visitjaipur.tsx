import { PagePlaceholder } from '~/components/page-placeholder';

export default function VisitjaipurPage() {
  return <PagePlaceholder title="Visit Us in Jaipur" />;
}

export function meta() {
  return [{ title: 'Visit Us in Jaipur' },];
}
