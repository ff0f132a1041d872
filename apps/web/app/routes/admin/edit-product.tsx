import { useTranslation } from '~/lib/i18n';
import { useLocation, useNavigate, useParams } from 'react-router';
import { TIMINGS_MS } from '@catalogue/shared/domain/limits';
import type { Product, ProductSaved } from '@catalogue/shared/schemas/product';
import { Spinner } from '~/components/ui/spinner';
import { adminMeta } from '~/features/seo/admin-meta';
import type { FlashState } from '~/components/admin/flash-message';
import { LoadError, Notice } from '~/components/ui/notice';
import { ProductForm } from '~/features/admin/product-form';
import { useApiQuery } from '~/lib/use-api-query';
import { apiRequest } from '~/lib/api-client';
import { withPrefix } from '~/lib/prefix';
import type { Route } from './+types/edit-product';

export default function EditProductPage() {
  const { t } = useTranslation('admin');
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const path = `/products/single/${encodeURIComponent(id)}`;
  const { data: product, error, isLoading, reload } = useApiQuery<Product>(path);
  const toList = (state?: FlashState) => navigate(withPrefix(pathname, '/product-list'), { state });

  const send = async (form: FormData, onProgress: (fraction: number) => void) => {
    await apiRequest<ProductSaved>(`/products/admin/${encodeURIComponent(id)}`, {
      method: 'PUT',
      form,
      onUploadProgress: onProgress,
      timeoutMs: TIMINGS_MS.addProductTimeout,
    });
    await toList({ flash: t('product.updated') });
  };

  let body: React.ReactNode;
  if (error?.status === 404) {
    body = <Notice tone="error" text={t('product.errors.notFound')} />;
  } else if (error) {
    body = (
      <LoadError
        message={t('product.errors.loadFailed')}
        detail={error.message}
        onRetry={reload}
        retryLabel={t('retry')}
      />
    );
  } else if (isLoading || !product) {
    body = <Spinner size="lg" label={t('product.loading')} className="w-full py-16" />;
  } else {
    body = (
      <ProductForm
        key={product._id}
        product={product}
        onSubmit={send}
        submitText={t('product.save')}
        failureText={t('product.errors.updateFailed')}
        isFailureTextFirst
        onCancel={() => void toList()}
      />
    );
  }

  return (
    <section>
      <h1 className="mb-6 font-serif text-3xl text-brand-900">{t('product.editTitle')}</h1>
      {body}
    </section>
  );
}

export function meta(args: Route.MetaArgs) {
  return adminMeta(args, 'product.editTitle');
}
