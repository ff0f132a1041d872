import { PagePlaceholder } from '~/components/page-placeholder';

export default function ExcelFilePage() {
  return <PagePlaceholder title="Excel File Upload" />;
}

export function meta() {
  return [{ title: 'Excel File Upload' }, { name: 'robots', content: 'noindex' }];
}
