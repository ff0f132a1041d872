import { useTranslation } from '~/lib/i18n';
import { adminMeta } from '~/features/seo/admin-meta';
import { ExcelUpload } from '~/features/admin/excel-upload';
import type { Route } from './+types/excel-file';

export default function ExcelFilePage() {
  const { t } = useTranslation('admin');
  return (
    <section>
      <h1 className="mb-4 font-serif text-3xl text-brand-900">{t('excel.title')}</h1>
      <ExcelUpload />
    </section>
  );
}

export function meta(args: Route.MetaArgs) {
  return adminMeta(args, 'excel.title');
}
